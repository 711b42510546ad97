import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';

/** The kinds of change realtime reports, as Postgres names them in `TG_OP`. */
export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

/** One committed row change, as the notify trigger reports it: what changed, never the row itself. */
export interface RowChange {
  schema: string;
  table: string;
  type: ChangeType;
  /** Primary key column name -> value, as JSON (a uuid is a string, a bigint a number). */
  primary_key: Record<string, unknown>;
  /** For a DELETE: the id of the row's last version in `local_realtime.deleted_rows`. */
  deleted_row?: number | null;
  /** The writing transaction's timestamp, ISO 8601. */
  commit_timestamp: string;
}

const channel = 'local_realtime';

/**
 * Installs (or refreshes) the notify trigger on each table of the `supabase_realtime` publication.
 * Run after the migrations at every start: the publication decides what is captured.
 */
export async function installChangeCapture({ pg }: { pg: PGlite }): Promise<void> {
  await pg.exec(await readFile(new URL('change-capture.sql', import.meta.url), 'utf8'));
}

/**
 * Calls `onChange` for every committed change of a published table, in commit order. Notifications
 * arrive only after COMMIT, and none for a rolled-back transaction (docs/backend.md, PGlite fact 2).
 * Resolves to the function that stops listening.
 */
export async function listenForChanges({
  pg,
  onChange,
}: {
  pg: PGlite;
  onChange: (change: RowChange) => void;
}): Promise<() => Promise<void>> {
  return pg.listen(channel, (payload) => onChange(JSON.parse(payload) as RowChange));
}
