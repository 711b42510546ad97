import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

const supabaseFolder = fileURLToPath(new URL('../../../shared-kernel/supabase/', import.meta.url));

/** Where the product schema lives, and its seed. */
export const DEFAULT_MIGRATIONS = {
  migrationsDir: `${supabaseFolder}migrations`,
  seedFile: `${supabaseFolder}seed.sql`,
};

/** What a start applied, for the CLI's output and the tests. */
export interface MigrationReport {
  /** Migration files applied by this start (already-recorded ones are skipped). */
  applied: string[];
  /** Whether the seed ran (only on a new database). */
  seeded: boolean;
}

/**
 * Brings the database up to date, at every start:
 * 1. platform.sql and platform-auth.sql (what hosted Supabase provides; both idempotent);
 * 2. each not-yet-applied migration file, sorted by name, each in its own transaction and recorded in
 *    `supabase_migrations.schema_migrations` like the Supabase CLI does, so none is ever re-applied;
 * 3. the seed, once, when the database is new (a fresh folder, `memory://`, or after `--reset`).
 */
export async function migrate({
  pg,
  migrationsDir = DEFAULT_MIGRATIONS.migrationsDir,
  seedFile = DEFAULT_MIGRATIONS.seedFile,
}: {
  pg: PGlite;
  migrationsDir?: string;
  seedFile?: string;
}): Promise<MigrationReport> {
  const existing = await pg.query<{ table: string | null }>(
    `select to_regclass('supabase_migrations.schema_migrations')::text as table`,
  );
  const isNew = existing.rows[0]?.table == null;

  for (const platformFile of ['platform.sql', 'platform-auth.sql']) {
    await pg.exec(await readFile(new URL(platformFile, import.meta.url), 'utf8'));
  }
  await pg.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      statements text[],
      name text
    );
  `);

  const recorded = await pg.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const appliedVersions = new Set(recorded.rows.map((row) => row.version));
  const files = existsSync(migrationsDir)
    ? (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort()
    : [];
  const applied: string[] = [];
  for (const file of files) {
    // The CLI's naming: `<version>_<name>.sql`, the version being a timestamp.
    const [version = file, ...nameParts] = file.replace(/\.sql$/, '').split('_');
    if (appliedVersions.has(version)) continue;
    const sql = await readFile(`${migrationsDir}/${file}`, 'utf8');
    try {
      await pg.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          version,
          nameParts.join('_'),
        ]);
      });
    } catch (error) {
      throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    applied.push(file);
  }

  const seeded = isNew && existsSync(seedFile);
  if (seeded) {
    const sql = await readFile(seedFile, 'utf8');
    await pg
      .transaction((tx) => tx.exec(sql))
      .catch((error: unknown) => {
        throw new Error(
          `Seed ${seedFile} failed: ${error instanceof Error ? error.message : String(error)}`,
          {
            cause: error,
          },
        );
      });
  }
  return { applied, seeded };
}
