import { useSyncExternalStore } from 'react';

/** The shell's routes (docs/product.md, Auth gate). Anything else shows the workspace. */
export const ROUTES = {
  login: '/login',
  resetPassword: '/login/reset-password',
  workspace: '/workspace',
} as const;

const NAVIGATE_EVENT = 'shell:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

/** The current path, re-rendering on navigation. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** Goes to a path of the app without reloading; `replace` keeps the Back button out of redirects. */
export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  if (path === window.location.pathname + window.location.search) return;
  window.history[replace ? 'replaceState' : 'pushState'](null, '', path);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}
