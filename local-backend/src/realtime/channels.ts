import type { WebSocket } from 'ws';
import type { RequestAuth } from '../db/database.ts';
import type { ChangeType } from './change-capture.ts';
import { type ChangeFilter, quoteIdentifier } from './change-filter.ts';
import type { JoinAdmission } from './join-admission.ts';
import type { SerializerVersion } from './phoenix-serializer.ts';
import type { PublishedTable } from './published-tables.ts';

// The state of the realtime server's sockets and channels, shared by joining and delivering.

/** One `postgres_changes` binding of a joined channel. */
export interface Binding {
  id: number;
  event: ChangeType | '*';
  /** The `schema.table` keys it covers: one table, or every published table of a schema (`*`). */
  tableKeys: ReadonlySet<string>;
  filter: ChangeFilter | undefined;
  /** The filter text as the client sent it, also the key of its match column in the re-read. */
  filterText: string | undefined;
  /** What the join reply echoes: the client drops the channel unless each entry equals its binding. */
  reply: { id: number; event: string; schema: string; table?: string; filter?: string };
}

export interface Connection {
  socket: WebSocket;
  version: SerializerVersion;
  /** The URL's apikey: a channel joined without `access_token` (no session) runs as its role. */
  apikey: string;
  channels: Map<string, Channel>;
  lastSeen: number;
  /** Messages of one connection are handled in order (a join is async). */
  handling: Promise<void>;
  admitJoin: JoinAdmission;
}

export interface Channel {
  connection: Connection;
  topic: string;
  joinRef: string | null;
  bindings: Binding[];
  token: string;
  auth: RequestAuth;
  /** When the token expires (ms since epoch): from then on the channel is closed instead of served. */
  expiresAt: number | undefined;
}

/** A published table's name as SQL text. */
export const qualifiedName = (table: PublishedTable) =>
  `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.table)}`;
