import { registerRemotesOnce } from './remotes/register-remotes.ts';

// Where the remotes live is read first, so their code downloads alongside the shell's own.
registerRemotesOnce().catch(() => undefined); // a failure is shown, and retried, by each slot

// The async boundary: shared singletons (React, the kernel) are negotiated with the remotes before any
// of them is evaluated. Importing bootstrap statically fails with RUNTIME-006.
import('./bootstrap.tsx');
