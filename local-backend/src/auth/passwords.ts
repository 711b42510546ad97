import bcrypt from 'bcryptjs';
import { AuthError } from './auth-error.ts';

/** GoTrue's default minimum, and the product's rule (SPEC.md: minimum 6 characters). */
export const MINIMUM_PASSWORD_LENGTH = 6;

/** bcrypt silently ignores bytes past 72, so longer passwords are refused instead, as GoTrue does. */
const MAXIMUM_PASSWORD_BYTES = 72;

/** Throws `weak_password` (with reasons, so supabase-js raises AuthWeakPasswordError) or a length error. */
export function assertPasswordAcceptable(password: string): void {
  if (password.length < MINIMUM_PASSWORD_LENGTH) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${MINIMUM_PASSWORD_LENGTH} characters.`,
      {
        weak_password: { reasons: ['length'] },
      },
    );
  }
  if (Buffer.byteLength(password) > MAXIMUM_PASSWORD_BYTES) {
    throw new AuthError(
      422,
      'validation_failed',
      `Password cannot be longer than ${MAXIMUM_PASSWORD_BYTES} bytes`,
    );
  }
}

/** bcrypt at cost 10, GoTrue's default, computed in Node: pgcrypto is flaky in PGlite (note §7.4). */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

/** A valid hash of a random password, compared against when the e-mail is unknown so timing leaks nothing. */
const unknownUserHash = bcrypt.hashSync(crypto.randomUUID(), 10);

/** Compares in constant-ish time; `hash` null (unknown user or no password) never matches. */
export function verifyPassword({
  password,
  hash,
}: {
  password: string;
  hash: string | null;
}): Promise<boolean> {
  return hash ? bcrypt.compare(password, hash) : bcrypt.compare(password, unknownUserHash).then(() => false);
}
