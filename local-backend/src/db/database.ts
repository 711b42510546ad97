import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The Postgres roles a request can run as, as on hosted Supabase. */
export type DatabaseRole = 'anon' | 'authenticated' | 'service_role';

/** Who a request runs as: the role to `SET ROLE` to and the JWT claims RLS policies read. */
export interface RequestAuth {
  role: DatabaseRole;
  claims: Readonly<Record<string, unknown>>;
}

/** The one embedded Postgres of a backend process, shared by auth, REST, storage and realtime. */
export interface Database {
  /** The raw instance, superuser. For migrations, auth internals and notifications only. */
  readonly pg: PGlite;
  /**
   * Runs `work` in one transaction as `auth.role` with `request.jwt.claims` set locally, so Postgres
   * itself enforces row-level security. Use only `tx` inside `work`: calling `pg.query` inside a
   * PGlite transaction deadlocks the instance (notes/supabase-protocol.md §6f).
   */
  runAs<T>(auth: RequestAuth, work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens (or creates) the database. `dataDir` is a folder, or `memory://` for a throwaway database.
 * Extensions must be registered here: PGlite refuses `CREATE EXTENSION` for any other.
 */
export async function openDatabase({ dataDir }: { dataDir: string }): Promise<Database> {
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    pg,
    runAs: (auth, work) =>
      pg.transaction(async (tx) => {
        await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
          auth.role,
          JSON.stringify(auth.claims),
        ]);
        return work(tx);
      }),
    close: () => pg.close(),
  };
}
