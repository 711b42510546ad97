// Which link and image addresses the editor accepts (the rest are stripped on paste, load and edit).
export { isSafeImageSrc, isSafeLinkHref, SAFE_LINK_PROTOCOLS } from './link-safety.ts';
