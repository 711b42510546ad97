import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Database, RequestAuth } from '../db/database.ts';
import { type ChangeType, installChangeCapture, listenForChanges } from './change-capture.ts';
import { createChangeDelivery } from './change-delivery.ts';
import { type ChangeFilter, ChangeFilterError, filterToSql, parseChangeFilter } from './change-filter.ts';
import { type Binding, type Channel, type Connection, qualifiedName } from './channels.ts';
import { createExpiringCache, createJoinAdmission, type JoinLimits } from './join-admission.ts';
import {
  decodeMessage,
  encodeMessage,
  type PhoenixMessage,
  type SerializerVersion,
  serializerVersionOf,
} from './phoenix-serializer.ts';
import { loadPublishedTables, type PublishedTable, tableKey } from './published-tables.ts';

/** Tuning of the realtime server. */
export interface RealtimeOptions extends JoinLimits {
  /**
   * A connection whose unsent backlog exceeds this many bytes is closed: it is not keeping up, and one
   * slow or dead socket must never hold memory or delay the others. The client reconnects and refetches.
   * @default 4 MiB
   */
  maxQueuedBytes?: number;
}

/** The realtime endpoint attached to a backend's HTTP server. */
export interface Realtime {
  /** Stops listening, closes every socket and waits for the change in flight. */
  close(): Promise<void>;
}

/** What {@link startRealtime} needs from the backend. */
export interface StartRealtimeOptions extends RealtimeOptions {
  httpServer: Server;
  database: Database;
  /** The backend's request authenticator: turns a Bearer token into a role and claims, or throws. */
  authenticate: (request: Request) => Promise<RequestAuth>;
}

const websocketPath = '/realtime/v1/websocket';
const defaultMaxQueuedBytes = 4 * 1024 * 1024;
/** Phoenix closes a socket that sent nothing (not even a heartbeat, every 25 s) for this long. */
const idleTimeoutMs = 60_000;
const changeEvents: ReadonlySet<string> = new Set<ChangeType | '*'>(['*', 'INSERT', 'UPDATE', 'DELETE']);

/**
 * Serves realtime's Phoenix protocol (docs/backend.md, protocol fact 9) on the backend's HTTP server:
 * `postgres_changes` only (no broadcast or presence). Installs change capture for the published tables
 * and delivers each committed change to every channel bound to it, re-reading the row under that
 * channel's role and claims so row-level security decides who sees what.
 */
export async function startRealtime({
  httpServer,
  database,
  authenticate,
  maxQueuedBytes = defaultMaxQueuedBytes,
  ...joinLimits
}: StartRealtimeOptions): Promise<Realtime> {
  await installChangeCapture({ pg: database.pg });
  const tables = await loadPublishedTables({ pg: database.pg });
  const connections = new Set<Connection>();
  const webSocketServer = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  let nextBindingId = 1;

  const authenticateToken = async (token: string) => {
    const auth = await authenticate(
      new Request('http://realtime/', { headers: { authorization: `Bearer ${token}` } }),
    );
    const exp = auth.claims.exp;
    return { auth, expiresAt: typeof exp === 'number' ? exp * 1000 : undefined };
  };

  function sendText(connection: Connection, text: string) {
    const { socket } = connection;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > maxQueuedBytes) {
      socket.terminate();
      return;
    }
    socket.send(text);
  }

  const send = (connection: Connection, message: PhoenixMessage) =>
    sendText(connection, encodeMessage(message, connection.version));

  function reply(connection: Connection, request: PhoenixMessage, status: 'ok' | 'error', response: object) {
    send(connection, {
      join_ref: request.join_ref,
      ref: request.ref,
      topic: request.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  /** Ends a channel from the server side, as Realtime does when a token expires or is refused. */
  function closeChannel(channel: Channel, reason: string) {
    const { connection, topic, joinRef } = channel;
    connection.channels.delete(topic);
    const name = topic.replace(/^realtime:/, '');
    send(connection, {
      join_ref: joinRef,
      ref: null,
      topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message: reason, channel: name },
    });
    send(connection, { join_ref: joinRef, ref: joinRef, topic, event: 'phx_close', payload: {} });
  }

  function isExpired(channel: Channel): boolean {
    if (channel.expiresAt === undefined || Date.now() < channel.expiresAt) return false;
    closeChannel(channel, 'Token has expired');
    return true;
  }

  // Joins ask the same few questions again and again (3 roles, a handful of tables, the filters an app
  // uses); each answer is a statement on the Postgres every request waits for. Privileges change only
  // with a grant or revoke, so a short expiry is enough.
  const privileges = createExpiringCache<boolean>({ ttlMs: 10_000, maxEntries: 1000 });
  const checkedFilters = createExpiringCache<true>({ ttlMs: 10_000, maxEntries: 1000 });

  const canSelect = async (role: string, table: PublishedTable) => {
    const key = `${role} ${tableKey(table.schema, table.table)}`;
    const cached = privileges.get(key);
    if (cached !== undefined) return cached;
    const result = await database.pg.query<{ allowed: boolean }>(
      `select has_table_privilege($1, format('%I.%I', $2::text, $3::text), 'SELECT') as allowed`,
      [role, table.schema, table.table],
    );
    const allowed = result.rows[0]?.allowed === true;
    privileges.set(key, allowed);
    return allowed;
  };

  /**
   * Binds a filter's values once so a value the column type refuses (e.g. "abc" for a uuid) fails the
   * join rather than every later delivery.
   */
  async function checkFilter(auth: RequestAuth, target: PublishedTable, filter: ChangeFilter, text: string) {
    const key = `${auth.role} ${tableKey(target.schema, target.table)} ${text}`;
    if (checkedFilters.get(key)) return;
    const condition = filterToSql(filter, 't', 1);
    await database
      .queryAs(auth, {
        sql: `select from ${qualifiedName(target)} t where false and ${condition.sql}`,
        parameters: condition.parameters,
      })
      .catch((error: unknown) => {
        throw new ChangeFilterError(`Invalid filter "${text}": ${(error as Error).message}`);
      });
    checkedFilters.set(key, true);
  }

  /** Checks the client's bindings against the publication, the role's privileges and the columns. */
  async function resolveBindings(auth: RequestAuth, requested: unknown[]): Promise<Binding[]> {
    const bindings: Binding[] = [];
    for (const entry of requested) {
      const { event, schema = 'public', table, filter } = (entry ?? {}) as Record<string, unknown>;
      if (typeof event !== 'string' || !changeEvents.has(event.toUpperCase())) {
        throw new ChangeFilterError(`Invalid event "${String(event)}": expected *, INSERT, UPDATE or DELETE`);
      }
      if (typeof schema !== 'string' || (table !== undefined && typeof table !== 'string')) {
        throw new ChangeFilterError('Invalid schema or table');
      }
      if (filter !== undefined && filter !== null && typeof filter !== 'string') {
        throw new ChangeFilterError('Invalid filter');
      }
      const wholeSchema = table === undefined || table === '*';
      const candidates = wholeSchema
        ? [...tables.values()].filter((published) => published.schema === schema)
        : [tables.get(tableKey(schema, table))].filter((published) => published !== undefined);
      const targets: PublishedTable[] = [];
      for (const candidate of candidates) {
        if (await canSelect(auth.role, candidate)) targets.push(candidate);
      }
      if (targets.length === 0) {
        throw new ChangeFilterError(
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [schema: ${schema}, table: ${String(table ?? '*')}]`,
        );
      }
      const parsedFilter = filter ? parseChangeFilter(filter) : undefined;
      if (parsedFilter) {
        const [target] = targets;
        if (wholeSchema || !target) throw new ChangeFilterError('A filter needs a table');
        if (!target.columns.some((column) => column.name === parsedFilter.column)) {
          throw new ChangeFilterError(
            `Invalid filter: table ${table} has no column "${parsedFilter.column}"`,
          );
        }
        await checkFilter(auth, target, parsedFilter, String(filter));
      }
      const id = nextBindingId++;
      bindings.push({
        id,
        event: event.toUpperCase() as Binding['event'],
        tableKeys: new Set(targets.map((target) => tableKey(target.schema, target.table))),
        filter: parsedFilter,
        filterText: filter ?? undefined,
        reply: { id, event, schema, table, filter: filter ?? undefined },
      });
    }
    return bindings;
  }

  async function join(connection: Connection, message: PhoenixMessage) {
    const config = (message.payload.config ?? {}) as Record<string, unknown>;
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const token =
      typeof message.payload.access_token === 'string' ? message.payload.access_token : connection.apikey;
    let channel: Channel;
    try {
      const { auth, expiresAt } = await authenticateToken(token);
      const bindings = await resolveBindings(auth, requested);
      channel = {
        connection,
        topic: message.topic,
        joinRef: message.join_ref,
        bindings,
        token,
        auth,
        expiresAt,
      };
    } catch (error) {
      reply(connection, message, 'error', { reason: error instanceof Error ? error.message : String(error) });
      return;
    }
    connection.channels.set(message.topic, channel);
    reply(connection, message, 'ok', { postgres_changes: channel.bindings.map((binding) => binding.reply) });
    if (channel.bindings.length > 0) {
      send(connection, {
        join_ref: message.join_ref,
        ref: null,
        topic: message.topic,
        event: 'system',
        payload: {
          message: 'Subscribed to PostgreSQL',
          status: 'ok',
          extension: 'postgres_changes',
          channel: message.topic.replace(/^realtime:/, ''),
        },
      });
    }
  }

  async function handle(connection: Connection, message: PhoenixMessage) {
    // A closed socket's queued messages (a flood) are dropped, not worked through.
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    const channel = connection.channels.get(message.topic);
    if (message.topic === 'phoenix' && message.event === 'heartbeat') {
      reply(connection, message, 'ok', {});
      for (const joined of connection.channels.values()) isExpired(joined);
    } else if (message.event === 'phx_join') {
      const refusal = connection.admitJoin(connection.channels.size, channel !== undefined);
      if (!refusal) {
        // Lets requests that arrived meanwhile in first: a burst of joins must not hold them back.
        await new Promise((resolve) => setImmediate(resolve));
        return join(connection, message);
      }
      reply(connection, message, 'error', { reason: refusal.reason });
      if (refusal.disconnect) connection.socket.close(1008, refusal.reason);
    } else if (!channel) {
      reply(connection, message, 'error', { reason: 'unmatched topic' });
    } else if (message.event === 'access_token') {
      // supabase-js sends the token after every refresh and on each heartbeat; no reply is expected.
      const token = message.payload.access_token;
      if (typeof token !== 'string' || token === channel.token) return;
      try {
        Object.assign(channel, { token }, await authenticateToken(token));
      } catch (error) {
        closeChannel(channel, error instanceof Error ? error.message : String(error));
      }
    } else if (message.event === 'phx_leave') {
      connection.channels.delete(message.topic);
      reply(connection, message, 'ok', {});
    } else {
      reply(connection, message, 'error', {
        reason: `The local backend's realtime serves postgres_changes only, not "${message.event}"`,
      });
    }
  }

  function accept(socket: WebSocket, version: SerializerVersion, apikey: string) {
    const connection: Connection = {
      socket,
      version,
      apikey,
      channels: new Map(),
      lastSeen: Date.now(),
      handling: Promise.resolve(),
      admitJoin: createJoinAdmission(joinLimits),
    };
    connections.add(connection);
    socket.on('message', (data, isBinary) => {
      connection.lastSeen = Date.now();
      // Binary frames carry user broadcasts only (serializer 2.0.0), which this server does not relay.
      if (isBinary) return;
      const message = decodeMessage(String(data), version);
      if (!message) return;
      connection.handling = connection.handling
        .then(() => handle(connection, message))
        .catch((error: unknown) => console.error('local-backend realtime: message failed', error));
    });
    socket.on('close', () => connections.delete(connection));
    socket.on('error', () => socket.terminate());
  }

  const refuseUpgrade = (socket: Duplex, status: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  async function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== websocketPath) return refuseUpgrade(socket, '404 Not Found');
    const version = serializerVersionOf(url);
    if (!version) return refuseUpgrade(socket, '400 Bad Request');
    const apikey = url.searchParams.get('apikey') ?? String(request.headers.apikey ?? '');
    try {
      await authenticateToken(apikey);
    } catch {
      return refuseUpgrade(socket, '401 Unauthorized');
    }
    webSocketServer.handleUpgrade(request, socket, head, (webSocket) => accept(webSocket, version, apikey));
  }

  const deliver = createChangeDelivery({ database, tables, connections, isExpired, sendText });

  // Changes are delivered one at a time, in commit order, so every subscriber sees them in that order.
  let delivering = Promise.resolve();
  const stopListening = await listenForChanges({
    pg: database.pg,
    onChange: (change) => {
      delivering = delivering
        .then(() => deliver(change))
        .catch((error: unknown) => console.error('local-backend realtime: delivery failed', error));
    },
  });

  const upgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    onUpgrade(request, socket, head).catch(() => socket.destroy());
  };
  httpServer.on('upgrade', upgradeListener);
  const idleCheck = setInterval(() => {
    const cutoff = Date.now() - idleTimeoutMs;
    for (const connection of connections) if (connection.lastSeen < cutoff) connection.socket.terminate();
  }, idleTimeoutMs / 4);
  idleCheck.unref();

  return {
    async close() {
      httpServer.off('upgrade', upgradeListener);
      clearInterval(idleCheck);
      await stopListening();
      for (const connection of connections) connection.socket.terminate();
      await delivering;
      await new Promise<void>((resolve) => webSocketServer.close(() => resolve()));
    },
  };
}
