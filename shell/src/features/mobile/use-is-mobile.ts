import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH_PX } from 'shared-kernel';
import { isMobileUserAgent } from './platform.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const isMobileNow = () => isMobileUserAgent(navigator.userAgent) || window.innerWidth < MOBILE_MAX_WIDTH_PX;

/**
 * Whether to show the mobile view (docs/product.md, Workspace layout): a mobile user agent, or a viewport narrower than
 * 640 px. Follows the window as it is resized or rotated.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
