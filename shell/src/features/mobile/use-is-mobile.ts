import { useSyncExternalStore } from 'react';
import { isMobileScreen } from '../../remotes/mobile-screen.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * Whether to show the mobile view (docs/product.md, Workspace layout): a mobile user agent, or a viewport narrower than
 * 640 px. Follows the window as it is resized or rotated.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileScreen, () => false);
}
