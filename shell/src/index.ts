// None imports anything shared: they run before the shared modules are negotiated.
import { markLoadStep, startEarlyRequests } from 'shared-kernel/early';
// biome-ignore lint/style/noRestrictedImports: the feature's index imports React and the kernel, which the entry must not.
import { registerServiceWorker } from './features/offline/register-service-worker.ts';
import { registerRemotesOnce } from './remotes/register-remotes.ts';

markLoadStep('shell-entry');

// Where the remotes live is read first, so their code downloads alongside the shell's own.
registerRemotesOnce().catch(() => undefined); // a failure is shown, and retried, by each slot
// What the writer's last load asked for before its first screen (reads, manifests, scripts) is asked for
// now, beside the scripts, rather than each at its turn in the chain (shared-kernel/src/network/early-requests.ts).
startEarlyRequests();

// The async boundary: shared singletons (React, the kernel) are negotiated with the remotes before any
// of them is evaluated. Importing bootstrap statically fails with RUNTIME-006.
import('./bootstrap.tsx').catch((error: unknown) => {
  // A load runs the version kept last (src/service-worker/version-cache.ts), and the app asks the worker
  // to keep the one deployed now only once it runs (app.tsx). A version whose bootstrap fails would never
  // ask: asked here, a fixed deploy still runs from the next load.
  registerServiceWorker();
  throw error;
});
