import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_TYPES_PATH, generateDatabaseTypes } from '../scripts/generate-types.ts';

const committedFile = fileURLToPath(new URL(`../../${DATABASE_TYPES_PATH}`, import.meta.url));

describe('generated Database types', () => {
  it('match the migrations (a migration changed without regenerating otherwise)', async () => {
    const [generated, committed] = await Promise.all([
      generateDatabaseTypes(),
      readFile(committedFile, 'utf8'),
    ]);
    expect(
      committed,
      `${DATABASE_TYPES_PATH} is out of date with shared-kernel/supabase/migrations: run pnpm --filter local-backend gen:types`,
    ).toBe(generated);
    // A fresh in-memory database and its migrations: seconds, more on a busy machine.
  }, 120_000);
});
