import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Builds the fixture remotes the failure tests load (about a second). */
export default function globalSetup(): void {
  execFileSync('pnpm', ['exec', 'rsbuild', 'build', '--root', 'fixtures/throwing-remote'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'inherit',
  });
}
