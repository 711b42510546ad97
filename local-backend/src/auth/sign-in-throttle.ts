import { AuthError } from './auth-error.ts';

/** A sign-in attempt counted before its password is compared. */
export interface SignInAttempt {
  /** The password matched: the client's failures for this e-mail are forgotten, this attempt too. */
  succeeded(): void;
}

/**
 * Slows down password guessing. Every attempt counts as a failure from the moment it is allowed, before
 * its password is compared, and is taken back only if it succeeds: checking and counting in one
 * synchronous step means parallel guesses cannot all pass the check while the first ones are being
 * compared (100 at once got 68 evaluated when failures were counted after the compare).
 *
 * Two limits, within `windowSeconds`:
 * - `perEmail` failures by one client for one e-mail;
 * - `perClient` failures by one client, whatever the e-mails (spraying guesses across accounts).
 * Past either, that client's sign-ins (even with the right password) answer 429 `over_request_rate_limit`
 * until the oldest failure leaves the window. Counting per client means an attacker elsewhere cannot lock
 * the owner of an account out, as counting by e-mail alone did. Kept in memory: a restart forgets it.
 */
export function createSignInThrottle({
  perEmail = 5,
  perClient = 30,
  windowSeconds = 300,
}: {
  perEmail?: number;
  perClient?: number;
  windowSeconds?: number;
} = {}) {
  const failures = new Map<string, number[]>();
  const windowMilliseconds = windowSeconds * 1000;

  const recent = (key: string, now: number) => {
    const times = (failures.get(key) ?? []).filter((time) => now - time < windowMilliseconds);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };

  const refuse = (oldest: number, now: number, what: string) => {
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMilliseconds - now) / 1000));
    return new AuthError(
      429,
      'over_request_rate_limit',
      `Too many failed sign-in attempts ${what}. Try again in ${retryAfterSeconds} seconds.`,
    );
  };

  return {
    /** Counts an attempt by `client` for `email`, or throws 429 when either limit is reached. */
    begin(client: string, email: string): SignInAttempt {
      const now = Date.now();
      // Keys nobody tries again would stay forever: sweep them all once there are many.
      if (failures.size > 10_000) for (const key of [...failures.keys()]) recent(key, now);
      const emailKey = `${client}\n${email}`;
      const clientKey = client;
      const forEmail = recent(emailKey, now);
      const forClient = recent(clientKey, now);
      if (forEmail.length >= perEmail) throw refuse(forEmail[0] ?? now, now, 'for this e-mail');
      if (forClient.length >= perClient) throw refuse(forClient[0] ?? now, now, 'from this client');
      failures.set(emailKey, [...forEmail, now]);
      failures.set(clientKey, [...forClient, now]);
      return {
        succeeded() {
          failures.delete(emailKey);
          const times = failures.get(clientKey) ?? [];
          const index = times.indexOf(now);
          if (index >= 0) times.splice(index, 1);
          if (times.length === 0) failures.delete(clientKey);
        },
      };
    },
  };
}

/** The throttle `createAuthRoutes` uses. */
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
