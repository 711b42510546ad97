import {
  messages as backendMessages,
  PGlite,
  parse,
  protocol,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { restrictDataDir } from '../data-dir-lock.ts';

/** The Postgres roles a request can run as, as on hosted Supabase. */
export type DatabaseRole = 'anon' | 'authenticated' | 'service_role';

/** Who a request runs as: the role to `SET ROLE` to and the JWT claims RLS policies read. */
export interface RequestAuth {
  role: DatabaseRole;
  claims: Readonly<Record<string, unknown>>;
}

/** One SQL statement and its values, bound as `$1..$n` and sent as text: Postgres infers their types. */
export interface Statement {
  sql: string;
  parameters: readonly string[];
}

/** How `queryAs` runs a statement. */
export interface QueryOptions {
  /** In a read-only transaction (as PostgREST runs GET and HEAD): a write fails with 25006. */
  readOnly?: boolean;
}

/** The one embedded Postgres of a backend process, shared by auth, REST, storage and realtime. */
export interface Database {
  /** The raw instance, superuser. For migrations, auth internals and notifications only. */
  readonly pg: PGlite;
  /**
   * Runs `work` in one transaction as `auth.role` with `request.jwt.claims` set locally, so Postgres
   * itself enforces row-level security. Use only `tx` inside `work`: calling `pg.query` inside a
   * PGlite transaction deadlocks the instance (docs/backend.md, PGlite fact 3).
   */
  runAs<T>(auth: RequestAuth, work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs one statement as `auth.role`, like `runAs` with a single `tx.query`, but in one call into
   * PGlite and through a statement prepared once per SQL text (see below). `check`
   * sees the result before the transaction ends: what it throws rolls the statement back and rejects
   * the call.
   */
  queryAs<T>(
    auth: RequestAuth,
    statement: Statement,
    check?: (result: Results<T>) => void,
    options?: QueryOptions,
  ): Promise<Results<T>>;
  close(): Promise<void>;
}

const { serialize } = protocol;

// Local to the transaction: the next request on this single connection starts as the superuser again.
const setAuthSql = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`;
const authValues = (auth: RequestAuth) => [auth.role, JSON.stringify(auth.claims)];
// A transaction may turn read-only after its first query (only the way back is refused).
const setReadOnlyAuthSql = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('transaction_read_only', 'on', true)`;

/** How many prepared statements `queryAs` keeps: the distinct query shapes an app sends, with room. */
const PREPARED_STATEMENTS = 256;

function concatenate(messages: readonly Uint8Array[]): Uint8Array {
  const batch = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    batch.set(message, offset);
    offset += message.length;
  }
  return batch;
}

/** Bind and Execute of a statement; `describe` asks for its row description (result rows). */
function executeMessages(statement: string, parameters: readonly string[], describe: boolean): Uint8Array[] {
  return [
    serialize.bind({ statement, values: [...parameters] }),
    ...(describe ? [serialize.describe({ type: 'P' })] : []),
    serialize.execute(),
  ];
}

/** Parse, Bind and Execute of an unnamed (not kept) statement without result rows. */
function unnamedMessages(sql: string, parameters: readonly string[]): Uint8Array[] {
  return [serialize.parse({ text: sql }), ...executeMessages('', parameters, false)];
}

const rollbackMessages = unnamedMessages('rollback', []);

/**
 * Statements prepared once per SQL text and kept, least recently used first out, as PostgREST does:
 * Postgres then skips parsing and analysing them, and reuses their plan once it judges a generic plan
 * as good as a custom one. Half of a REST list query's time in Postgres was parsing and planning.
 * Postgres re-plans them when the schema changes and re-applies row-level security when they run as
 * another role; what it cannot redo (parameter types fixed at Parse) `queryAs` handles by preparing
 * afresh. Values stay bound parameters; only SQL text is kept.
 */
function createStatementCache() {
  const names = new Map<string, string>();
  let prepared = 0;
  let toClose: string[] = [];
  const forget = (sql: string) => {
    const name = names.get(sql);
    if (name === undefined) return;
    names.delete(sql);
    toClose.push(name);
  };
  return {
    forget,
    has: (sql: string) => names.has(sql),
    /** Closes of forgotten statements, sent ahead of the next batch (closing an unknown name is no error). */
    takeCloses(): Uint8Array[] {
      const closes = toClose.map((name) => serialize.close({ type: 'S', name }));
      toClose = [];
      return closes;
    },
    /** Runs `sql` through its statement, preparing it first if new; `fresh` collects the new ones. */
    messages(sql: string, parameters: readonly string[], describe: boolean, fresh: string[]): Uint8Array[] {
      let name = names.get(sql);
      const parseMessages: Uint8Array[] = [];
      if (name === undefined) {
        prepared += 1;
        name = `local_backend_${prepared}`;
        parseMessages.push(serialize.parse({ name, text: sql }));
        fresh.push(sql);
      }
      names.delete(sql);
      names.set(sql, name);
      const oldest = names.keys().next();
      if (names.size > PREPARED_STATEMENTS && !oldest.done) forget(oldest.value);
      return [...parseMessages, ...executeMessages(name, parameters, describe)];
    },
  };
}

/**
 * Opens (or creates) the database. `dataDir` is a folder, or `memory://` for a throwaway database.
 * Extensions must be registered here: PGlite refuses `CREATE EXTENSION` for any other.
 */
export async function openDatabase({ dataDir }: { dataDir: string }): Promise<Database> {
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  if (!dataDir.startsWith('memory://')) await restrictDataDir(dataDir);

  // The statements of one request go to Postgres as one batch of extended-protocol messages. PGlite's
  // `query` makes a call into WebAssembly per message (Parse, Describe, Bind, Describe, Execute, Sync)
  // and `transaction` adds BEGIN and COMMIT, so a set_config plus a query cost 16 calls; the batch
  // costs one. Until Sync, all Executes run in one implicit transaction (PostgreSQL's pipelining), so
  // the role and claims set locally by the first statement hold for the second, which Postgres
  // therefore checks and filters (RLS) as that role.
  const send = (messages: readonly Uint8Array[], syncToFs: boolean) =>
    pg.execProtocolStream(concatenate(messages), { syncToFs });
  // Both PGlite locks, as `pg.query` takes them: no other query or transaction interleaves.
  const exclusive = <T>(work: () => Promise<T>): Promise<T> =>
    pg._runExclusiveTransaction(() => pg.runExclusive(work));
  // The statement's replies begin at its BindComplete, the batch's last (set_config's comes first).
  const statementResult = <T>(replies: Awaited<ReturnType<typeof send>>): Results<T> => {
    const start = replies.findLastIndex((reply) => reply.name === 'bindComplete');
    return parse.parseResults(replies.slice(start), pg.parsers)[0] as Results<T>;
  };
  const statements = createStatementCache();

  const queryOnce = async <T>(
    auth: RequestAuth,
    { sql, parameters }: Statement,
    check: ((result: Results<T>) => void) | undefined,
    authSql: string,
  ): Promise<Results<T>> => {
    const fresh: string[] = [];
    const batch = [
      ...statements.takeCloses(),
      ...statements.messages(authSql, authValues(auth), false, fresh),
      ...statements.messages(sql, parameters, true, fresh),
    ];
    // A failed batch may have prepared a statement or not: forget it, its name is closed next time.
    const forgetFresh = (error: unknown) => {
      for (const freshSql of fresh) statements.forget(freshSql);
      throw error;
    };
    if (!check) return statementResult<T>(await send([...batch, serialize.sync()], true).catch(forgetFresh));
    // With a check, Sync (the commit) waits for it. ROLLBACK in the implicit transaction aborts it
    // (Postgres warns "there is no transaction in progress" yet rolls back). After an error, Postgres
    // skips everything up to Sync and aborts.
    let committed = false;
    try {
      const result = statementResult<T>(await send(batch, false).catch(forgetFresh));
      check(result);
      committed = true;
      return result;
    } finally {
      await send(committed ? [serialize.sync()] : [...rollbackMessages, serialize.sync()], true);
    }
  };

  return {
    pg,
    runAs: (auth, work) =>
      pg.transaction(async (tx) => {
        // Inside BEGIN, Sync does not commit: one call sets the role for the whole transaction.
        await pg.runExclusive(() =>
          send([...unnamedMessages(setAuthSql, authValues(auth)), serialize.sync()], false),
        );
        return work(tx);
      }),
    queryAs: (auth, statement, check, options) =>
      exclusive(async () => {
        const kept = statements.has(statement.sql);
        const authSql = options?.readOnly ? setReadOnlyAuthSql : setAuthSql;
        try {
          return await queryOnce(auth, statement, check, authSql);
        } catch (error) {
          // A kept statement may predate a schema change (a column of another type, a dropped table)
          // or have been deallocated (26000): Postgres then fails it. Prepared afresh it runs against
          // the schema of now. The failed attempt was rolled back, and a genuine error fails again.
          const stale = kept || (error as { code?: unknown }).code === '26000';
          if (!(error instanceof backendMessages.DatabaseError) || !stale) throw error;
          statements.forget(authSql);
          statements.forget(statement.sql);
          return queryOnce(auth, statement, check, authSql);
        }
      }),
    close: () => pg.close(),
  };
}
