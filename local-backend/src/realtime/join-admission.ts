/**
 * Limits on channel joins per connection, as hosted Realtime applies them per client: a join costs
 * token verification and catalog queries on the one embedded Postgres every request shares, so one socket
 * sending thousands of joins must not hold everyone else up.
 */

/** Tuning of the join limits. */
export interface JoinLimits {
  /**
   * Channels one connection may have joined at once; a join past it gets an error reply.
   * @default 100 (Realtime's "channels per connection")
   */
  maxChannelsPerConnection?: number;
  /**
   * Joins one connection may send per second, sustained; past it (and its burst) the join gets an error
   * reply and the socket is closed, as Realtime does. Rejoining every channel after a reconnect fits the
   * burst.
   * @default 100
   */
  joinsPerSecond?: number;
  /** Joins a connection may send at once before `joinsPerSecond` applies. @default 200 */
  joinBurst?: number;
}

/** The reasons Realtime gives (realtime_channel.ex), so clients and logs read the same text. */
export const joinRefusals = {
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
} as const;

/** Whether a connection may join now: undefined when it may, or the refusal and whether to disconnect. */
export type JoinAdmission = (
  joinedChannels: number,
  rejoin: boolean,
) => { reason: string; disconnect: boolean } | undefined;

/** One connection's admission: a token bucket of joins, then the channel cap. */
export function createJoinAdmission({
  maxChannelsPerConnection = 100,
  joinsPerSecond = 100,
  joinBurst = 200,
}: JoinLimits = {}): JoinAdmission {
  let tokens = joinBurst;
  let refilledAt = performance.now();
  return (joinedChannels, rejoin) => {
    const now = performance.now();
    tokens = Math.min(joinBurst, tokens + ((now - refilledAt) / 1000) * joinsPerSecond);
    refilledAt = now;
    if (tokens < 1) return { reason: joinRefusals.tooManyJoins, disconnect: true };
    tokens -= 1;
    // Joining a topic again replaces its channel: it adds none.
    if (!rejoin && joinedChannels >= maxChannelsPerConnection) {
      return { reason: joinRefusals.tooManyChannels, disconnect: false };
    }
    return undefined;
  };
}

/** A map whose entries expire after `ttlMs` and that keeps at most `maxEntries` (oldest out first). */
export function createExpiringCache<V>({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt > performance.now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: performance.now() + ttlMs });
      const oldest = entries.keys().next();
      if (entries.size > maxEntries && !oldest.done) entries.delete(oldest.value);
    },
  };
}
