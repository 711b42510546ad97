// The Phoenix channel protocol of one connection: heartbeat, join (with admission and token checks),
// access_token refresh and leave. Anything else is refused with a reason.
import { WebSocket } from 'ws';
import type { RequestAuth } from '../db/database.ts';
import type { ChannelSender } from './channel-sender.ts';
import type { Binding, Channel, Connection } from './channels.ts';
import type { PhoenixMessage } from './phoenix-serializer.ts';

/** What the protocol needs from the server. */
export interface ChannelProtocolOptions {
  sender: ChannelSender;
  authenticateToken(token: string): Promise<{ auth: RequestAuth; expiresAt: number | undefined }>;
  resolveBindings(auth: RequestAuth, requested: unknown[]): Promise<Binding[]>;
}

/** Returns the handler of one client message. */
export function createChannelProtocol({
  sender,
  authenticateToken,
  resolveBindings,
}: ChannelProtocolOptions) {
  const { send, reply, closeChannel, isExpired } = sender;

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

  return handle;
}
