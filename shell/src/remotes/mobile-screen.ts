// Whether the page shows the mobile view. It decides which remotes load at the start (register-remotes.ts,
// before the async boundary, so this file imports nothing shared) and which view the workspace renders
// (features/mobile/use-is-mobile.ts).

/** Screens narrower than this (in CSS pixels) get the mobile view. */
const MOBILE_MAX_WIDTH_PX = 640;

/** Whether the user agent names a phone or tablet browser. */
function isMobileUserAgent(userAgent: string): boolean {
  return /android|iphone|ipad|ipod|mobile|webos|blackberry|iemobile|opera mini/i.test(userAgent);
}

/**
 * Whether the page shows the mobile view now (docs/product.md, Workspace layout): a mobile user agent, or
 * a window narrower than 640 px.
 */
export function isMobileScreen(): boolean {
  return isMobileUserAgent(navigator.userAgent) || window.innerWidth < MOBILE_MAX_WIDTH_PX;
}
