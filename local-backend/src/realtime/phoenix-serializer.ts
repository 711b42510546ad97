/**
 * Phoenix channel messages as realtime-js sends and expects them (docs/backend.md, protocol fact 9).
 * Serializer 2.0.0 (supabase-js' default) frames a message as the array
 * `[join_ref, ref, topic, event, payload]`; 1.0.0 as an object with the same keys.
 */
export interface PhoenixMessage {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** The serializer versions a client may ask for with `?vsn=`. */
export type SerializerVersion = '1.0.0' | '2.0.0';

/** The version a connection URL asks for; Phoenix's default when absent is 1.0.0. */
export function serializerVersionOf(url: URL): SerializerVersion | undefined {
  const version = url.searchParams.get('vsn') ?? '1.0.0';
  return version === '1.0.0' || version === '2.0.0' ? version : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** Decodes a text frame; undefined when it is not a Phoenix message. */
export function decodeMessage(text: string, version: SerializerVersion): PhoenixMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const [joinRef, ref, topic, event, payload] =
    version === '2.0.0' && Array.isArray(parsed)
      ? parsed
      : isRecord(parsed)
        ? [parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload]
        : [];
  if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
  return {
    join_ref: refOrNull(joinRef),
    ref: refOrNull(ref),
    topic,
    event,
    payload: isRecord(payload) ? payload : {},
  };
}

/** Encodes a message as a text frame. */
export function encodeMessage(message: PhoenixMessage, version: SerializerVersion): string {
  return encodeMessageWithPayload(message, JSON.stringify(message.payload), version);
}

/**
 * Encodes a message whose payload is already JSON text: a change going to many channels is serialised
 * once, and only its few per-channel fields around it.
 */
export function encodeMessageWithPayload(
  { join_ref, ref, topic, event }: Omit<PhoenixMessage, 'payload'>,
  payloadJson: string,
  version: SerializerVersion,
): string {
  // The header without its closing bracket or brace, then the payload as its last member.
  return version === '2.0.0'
    ? `${JSON.stringify([join_ref, ref, topic, event]).slice(0, -1)},${payloadJson}]`
    : `${JSON.stringify({ join_ref, ref, topic, event }).slice(0, -1)},"payload":${payloadJson}}`;
}
