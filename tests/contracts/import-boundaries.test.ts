import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `pnpm lint` holds the size limits (no file over 400 lines, no function over 80, unless a comment at
 * its top says why) and the areas' boundaries (biome.json, noRestrictedImports): these files, each with one
 * import, are linted with the workspace's own configuration in a scratch folder laid out like the tree.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let scratch: string;

async function lint(path: string, source: string): Promise<{ failed: boolean; output: string }> {
  mkdirSync(dirname(join(scratch, path)), { recursive: true });
  writeFileSync(join(scratch, path), `${source}\n\nexport const used = probe;\n`);
  try {
    const { stdout, stderr } = await run(
      'pnpm',
      ['exec', 'biome', 'lint', '--vcs-enabled=false', `--config-path=${scratch}`, join(scratch, path)],
      { cwd: repoRoot },
    );
    return { failed: false, output: stdout + stderr };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  }
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'boundaries-'));
  cpSync(join(repoRoot, 'biome.json'), join(scratch, 'biome.json'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('import boundaries', { timeout: 30_000 }, () => {
  it('refuses a remote importing another remote', async () => {
    const result = await lint(
      'mf-chat/src/features/chat-panel/probe.ts',
      "import { Editor as probe } from '../../../../mf-writings/src/features/editor/editor.tsx';",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('Areas never import each other');
  });

  it("refuses the kernel's internals and allows its public entries", async () => {
    const deep = await lint(
      'mf-ideas/src/features/ideas-panel/probe.ts',
      "import { createEventBus as probe } from 'shared-kernel/src/bus/event-bus.ts';",
    );
    expect(deep.failed).toBe(true);
    expect(deep.output).toContain('Use the kernel through its public entries');

    const entry = await lint(
      'mf-ideas/src/features/ideas-panel/probe.ts',
      "import { createEventBus as probe } from 'shared-kernel';",
    );
    expect(entry).toMatchObject({ failed: false });
  });

  it("refuses a feature reaching into another feature's files, and allows its index", async () => {
    const deep = await lint(
      'shell/src/features/search/probe.ts',
      "import { useShortcuts as probe } from '../shortcuts/use-shortcuts.ts';",
    );
    expect(deep.failed).toBe(true);
    expect(deep.output).toContain('only through its index.ts');

    const index = await lint(
      'shell/src/features/search/probe.ts',
      "import { useShortcuts as probe } from '../shortcuts/index.ts';",
    );
    expect(index).toMatchObject({ failed: false });
  });
});

describe('size limits', { timeout: 30_000 }, () => {
  const lines = (count: number, text: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => text(index)).join('\n');

  it('refuses a file over 400 lines, unless a comment at its top says why', async () => {
    const long = lines(400, (index) => `export const line${index} = ${index};`);
    const refused = await lint('mf-ideas/src/features/ideas-panel/probe.ts', `const probe = 0;\n${long}`);
    expect(refused.failed).toBe(true);
    expect(refused.output).toContain('This file has too many lines');

    const explained = await lint(
      'mf-ideas/src/features/ideas-panel/probe.ts',
      `// biome-ignore-all lint/style/noExcessiveLinesPerFile: a data table\nconst probe = 0;\n${long}`,
    );
    expect(explained).toMatchObject({ failed: false });
  });

  it('refuses a function over 80 lines', async () => {
    const body = lines(80, (index) => `  total += ${index};`);
    const refused = await lint(
      'mf-ideas/src/features/ideas-panel/probe.ts',
      `function probe(): number {\n  let total = 0;\n${body}\n  return total;\n}`,
    );
    expect(refused.failed).toBe(true);
    expect(refused.output).toContain('This function has too many lines');

    const short = await lint(
      'mf-ideas/src/features/ideas-panel/probe.ts',
      `function probe(): number {\n  let total = 0;\n${lines(70, (index) => `  total += ${index};`)}\n  return total;\n}`,
    );
    expect(short).toMatchObject({ failed: false });
  });
});
