import { readFileSync } from 'node:fs';
import { type Database, openDatabase, PLATFORM_SQL_FILES, type RequestAuth } from 'local-backend';
import { migrationFiles, SEED_FILE } from '../index.ts';

// What hosted Supabase has before migrations (roles, auth and storage schemas), without the local auth
// service's own tables.
const [platformFile = ''] = PLATFORM_SQL_FILES;

/**
 * Applies the hosted-Supabase emulation, then every migration, then (optionally) the seed. Tier limits
 * are counted but not enforced unless `tierLimits` is 'enforced' (they are tested on their own).
 */
export async function openMigratedDatabase({
  seed,
  tierLimits = 'off',
}: {
  seed: boolean;
  tierLimits?: 'enforced' | 'off';
}): Promise<Database> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.pg.exec(readFileSync(platformFile, 'utf8'));
  for (const file of migrationFiles()) {
    await database.pg.exec(readFileSync(file, 'utf8'));
  }
  if (seed) await applySeed({ database });
  if (tierLimits === 'off') await database.pg.query("select set_config('app.tier_limits', 'off', false)");
  return database;
}

/** Runs the platform emulation again, as the backend does at every start. */
export async function applyPlatform({ database }: { database: Database }): Promise<void> {
  await database.pg.exec(readFileSync(platformFile, 'utf8'));
}

/** Runs seed.sql (again). */
export async function applySeed({ database }: { database: Database }): Promise<void> {
  await database.pg.exec(readFileSync(SEED_FILE, 'utf8'));
}

/** A signed-in user's request identity, with the claims GoTrue puts in its access tokens. */
export function signedIn(user: { id: string; email: string }): RequestAuth {
  return {
    role: 'authenticated',
    claims: { sub: user.id, role: 'authenticated', email: user.email, aud: 'authenticated' },
  };
}

/** The anonymous request identity (anon key, no session). */
export const anonymous: RequestAuth = { role: 'anon', claims: { role: 'anon' } };

/** The service-role key's identity. */
export const serviceRole: RequestAuth = { role: 'service_role', claims: { role: 'service_role' } };

/**
 * Creates an auth user as the auth service would (superuser); its profile comes from the trigger.
 * The e-mail is confirmed unless `confirmed` is false (a sign-up whose link was never followed).
 */
export async function createAuthUser({
  database,
  email,
  metadata = {},
  confirmed = true,
}: {
  database: Database;
  email: string;
  metadata?: Record<string, unknown>;
  confirmed?: boolean;
}): Promise<{ id: string; email: string }> {
  const result = await database.pg.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
       created_at, updated_at)
     values (gen_random_uuid(), 'authenticated', 'authenticated', $1, case when $3::boolean then now() end,
       '{"provider":"email"}', $2, now(), now())
     returning id`,
    [email, JSON.stringify(metadata), confirmed],
  );
  const row = result.rows[0];
  if (!row) throw new Error('insert into auth.users returned no row');
  return { id: row.id, email };
}

/** The recipient accepts every pending invitation to a folder (category) shared with them. */
export async function acceptInvitations({
  database,
  recipient,
}: {
  database: Database;
  recipient: { id: string; email: string };
}): Promise<void> {
  await database.runAs(signedIn(recipient), (tx) =>
    tx.query('select public.accept_folder_invitation(share_id) from public.list_folder_invitations()'),
  );
}

/** The outcome of one statement run as some role: its rows, or the SQLSTATE it failed with. */
export type Outcome<Row> =
  | { rows: Row[]; error: null }
  | { rows: null; error: { code: string; message: string } };

class RollBack extends Error {}

/**
 * Runs one statement as `auth` and always rolls it back, so that a matrix of attempts leaves the
 * fixture untouched. A database error becomes a value.
 */
export async function attempt<Row = Record<string, unknown>>({
  database,
  auth,
  sql,
  parameters = [],
}: {
  database: Database;
  auth: RequestAuth;
  sql: string;
  parameters?: unknown[];
}): Promise<Outcome<Row>> {
  let rows: Row[] = [];
  try {
    await database.runAs(auth, async (tx) => {
      rows = (await tx.query<Row>(sql, parameters)).rows;
      throw new RollBack();
    });
  } catch (error) {
    if (error instanceof RollBack) return { rows, error: null };
    const { code, message } = error as { code?: string; message: string };
    return { rows: null, error: { code: code ?? 'unknown', message } };
  }
  throw new Error('unreachable: the transaction always rolls back');
}
