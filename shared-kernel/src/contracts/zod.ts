// The kernel's zod: every schema of the kernel is made with this `z`, so zod is configured before any
// of them parses.
import { z } from 'zod/mini';

// zod compiles a parser of its own for each object schema (`new Function`) on its first parse. The page
// parses each schema a few times (the props at each mount, each kind of bus event as it is first sent),
// so compiling costs more than it saves: on the first screen's main thread about 4x the time of parsing
// without it, measured in Node. It would also be refused by a Content-Security-Policy without
// 'unsafe-eval'. The setting is zod's own, per copy: the shell's bundle and the kernel share one.
z.config({ jitless: true });

export { z };
