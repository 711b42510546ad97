// Which link and image addresses the editor accepts (the rest are stripped on paste, load and edit): the
// kernel's rule, which the exports follow too.
export { isSafeImageSrc, isSafeLinkHref, SAFE_LINK_PROTOCOLS } from 'shared-kernel';
