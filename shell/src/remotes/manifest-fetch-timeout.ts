import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** How long a remote's manifest may take before its slot gives up and offers Retry. */
export const MANIFEST_FETCH_TIMEOUT_MS = 5000;

/**
 * The federation runtime fetches `mf-manifest.json` with no timeout: a remote host that accepts the
 * connection and never answers would leave its slot loading forever
 * (docs/module-federation.md, pitfall 5).
 */
export const manifestFetchTimeout: ModuleFederationRuntimePlugin = {
  name: 'manifest-fetch-timeout',
  fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(MANIFEST_FETCH_TIMEOUT_MS) }),
};
