import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { earlyFetch } from 'shared-kernel/early';

/** How long a remote's manifest may take before its slot gives up and offers Retry. */
export const MANIFEST_FETCH_TIMEOUT_MS = 5000;

/**
 * The federation runtime fetches `mf-manifest.json` with no timeout: a remote host that accepts the
 * connection and never answers would leave its slot loading forever
 * (docs/module-federation.md, pitfall 5). A manifest the page already asked for early (the last load's,
 * shared-kernel/src/network/early-requests.ts) is answered from that request when remotes.json still
 * names it.
 */
export const manifestFetchTimeout: ModuleFederationRuntimePlugin = {
  name: 'manifest-fetch-timeout',
  fetch: (url, init) => earlyFetch(url, { ...init, signal: AbortSignal.timeout(MANIFEST_FETCH_TIMEOUT_MS) }),
};
