// The async boundary: shared singletons (React, the kernel) are negotiated with the remotes before any
// of them is evaluated. Importing bootstrap statically fails with RUNTIME-006.
import('./bootstrap.tsx');
