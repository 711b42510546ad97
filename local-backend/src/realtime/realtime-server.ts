import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Database, RequestAuth } from '../db/database.ts';
import { createBindingResolver } from './binding-resolver.ts';
import { type ChangeType, installChangeCapture, listenForChanges } from './change-capture.ts';
import { createChangeDelivery } from './change-delivery.ts';
import { createChannelProtocol } from './channel-protocol.ts';
import { createChannelSender } from './channel-sender.ts';
import type { Connection } from './channels.ts';
import { createJoinAdmission, type JoinLimits } from './join-admission.ts';
import { decodeMessage, type SerializerVersion, serializerVersionOf } from './phoenix-serializer.ts';
import { loadPublishedTables } from './published-tables.ts';

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
const _changeEvents: ReadonlySet<string> = new Set<ChangeType | '*'>(['*', 'INSERT', 'UPDATE', 'DELETE']);

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

  const authenticateToken = async (token: string) => {
    const auth = await authenticate(
      new Request('http://realtime/', { headers: { authorization: `Bearer ${token}` } }),
    );
    const exp = auth.claims.exp;
    return { auth, expiresAt: typeof exp === 'number' ? exp * 1000 : undefined };
  };

  const sender = createChannelSender(maxQueuedBytes);
  const { sendText, isExpired } = sender;
  const handle = createChannelProtocol({
    sender,
    authenticateToken,
    resolveBindings: createBindingResolver(database, tables),
  });

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
  const idleCheck = closeIdleConnections(connections);

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

/** Terminates connections that sent nothing (not even a heartbeat) for {@link idleTimeoutMs}. */
function closeIdleConnections(connections: ReadonlySet<Connection>): NodeJS.Timeout {
  const idleCheck = setInterval(() => {
    const cutoff = Date.now() - idleTimeoutMs;
    for (const connection of connections) if (connection.lastSeen < cutoff) connection.socket.terminate();
  }, idleTimeoutMs / 4);
  idleCheck.unref();
  return idleCheck;
}
