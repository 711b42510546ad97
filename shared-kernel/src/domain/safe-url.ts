// Where a writing may point, the one rule for the editor (on paste, load and edit) and the exports.

/** The link schemes a writing may carry: anything else (javascript:, data:, vbscript:, file:) is refused. */
export const SAFE_LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'] as const;

// Browsers drop ASCII control characters and whitespace inside a scheme ("java\tscript:"), so the
// check reads the URL the way the browser will.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must be stripped
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f]/g;

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value.replace(IGNORED_IN_URL, ''));
  } catch {
    return null;
  }
}

/** Whether `href` may be a link's target: an absolute http, https or mailto URL. */
export function isSafeLinkHref(href: string): boolean {
  const url = parsedUrl(href);
  return url !== null && (SAFE_LINK_PROTOCOLS as readonly string[]).includes(url.protocol);
}

/**
 * Whether `src` may be an image's source: http(s) for uploaded images, blob: for the temporary local
 * image shown while it uploads, and raster data: URLs (never SVG, which can carry script).
 */
export function isSafeImageSrc(src: string): boolean {
  const url = parsedUrl(src);
  if (!url) return false;
  if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'blob:') return true;
  return url.protocol === 'data:' && /^data:image\/(png|jpeg|gif|webp|avif|bmp)[;,]/i.test(url.href);
}

/**
 * A stored address an exported writing may point to (HTML and Markdown alike): a safe link target
 * ({@link isSafeLinkHref}), trimmed; a `javascript:`, `data:` or any other URL gives `undefined`, and the
 * caller keeps the text only.
 */
export const safeUrl = (value: unknown): string | undefined =>
  typeof value === 'string' && isSafeLinkHref(value.trim()) ? value.trim() : undefined;
