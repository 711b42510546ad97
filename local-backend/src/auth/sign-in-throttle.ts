import { AuthError } from './auth-error.ts';

/**
 * Slows down password guessing for one e-mail: after `maximumFailures` failed sign-ins within
 * `windowSeconds`, every sign-in for that e-mail (even with the right password) answers 429
 * `over_request_rate_limit` until the oldest failure leaves the window.
 * A successful sign-in clears the count. Kept in memory: a restart forgets it, which is fine locally.
 */
export function createSignInThrottle({
  maximumFailures = 5,
  windowSeconds = 300,
}: {
  maximumFailures?: number;
  windowSeconds?: number;
} = {}) {
  const failuresByEmail = new Map<string, number[]>();
  const windowMilliseconds = windowSeconds * 1000;

  const recentFailures = (email: string, now: number) => {
    const failures = (failuresByEmail.get(email) ?? []).filter((time) => now - time < windowMilliseconds);
    if (failures.length === 0) failuresByEmail.delete(email);
    else failuresByEmail.set(email, failures);
    return failures;
  };

  return {
    /** Throws 429 when the e-mail is locked out. */
    assertAllowed(email: string): void {
      const now = Date.now();
      const failures = recentFailures(email, now);
      const oldest = failures[0];
      if (failures.length >= maximumFailures && oldest !== undefined) {
        const retryAfterSeconds = Math.ceil((oldest + windowMilliseconds - now) / 1000);
        throw new AuthError(
          429,
          'over_request_rate_limit',
          `Too many failed sign-in attempts for this e-mail. Try again in ${retryAfterSeconds} seconds.`,
        );
      }
    },
    recordFailure(email: string): void {
      failuresByEmail.set(email, [...recentFailures(email, Date.now()), Date.now()]);
    },
    recordSuccess(email: string): void {
      failuresByEmail.delete(email);
    },
  };
}

/** The throttle `createAuthRoutes` uses. */
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
