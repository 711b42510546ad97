/**
 * The product schema as files, in the Supabase CLI's layout: what the local backend applies at every start
 * and what a hosted project gets from `supabase db push`. Node only (paths on disk).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The folder of migration files, `<version>_<name>.sql`, applied in name order. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** The demo data, run once on a new database. */
export const SEED_FILE = fileURLToPath(new URL('./seed.sql', import.meta.url));

/** The migration files' paths in the order they are applied (sorted by name, as the Supabase CLI does). */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => `${MIGRATIONS_DIR}/${name}`);
}
