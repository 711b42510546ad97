// Sending to a realtime connection: Phoenix replies, channel closes and the backlog guard that drops a
// connection which is not keeping up.
import { WebSocket } from 'ws';
import type { Channel, Connection } from './channels.ts';
import { encodeMessage, type PhoenixMessage } from './phoenix-serializer.ts';

/** What the protocol and the change delivery use to talk to connections. */
export type ChannelSender = ReturnType<typeof createChannelSender>;

/** Creates the senders; a connection whose unsent backlog passes `maxQueuedBytes` is terminated. */
export function createChannelSender(maxQueuedBytes: number) {
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

  return { sendText, send, reply, closeChannel, isExpired };
}
