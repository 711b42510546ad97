import bcrypt from 'bcryptjs';
import { AuthError } from './auth-error.ts';
import { createPasswordPool } from './password-pool.ts';

/** GoTrue's default minimum, and the product's rule (docs/product.md, Settings: minimum 6 characters). */
export const MINIMUM_PASSWORD_LENGTH = 6;

/** bcrypt silently ignores bytes past 72, so longer passwords are refused instead (schema.ts), as GoTrue does. */
export const MAXIMUM_PASSWORD_BYTES = 72;

/** bcrypt's cost, GoTrue's default. */
const COST = 10;

/** Throws `weak_password` with reasons, so supabase-js raises AuthWeakPasswordError. */
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
}

/** Shared by every backend of the process: the cores are too. */
const pool = createPasswordPool();

/**
 * bcrypt at cost 10, computed in Node (pgcrypto is flaky in PGlite: docs/backend.md, PGlite fact 6) off the event loop.
 * Hashes stay bcrypt (`$2b$10$...`), as hosted Supabase stores them.
 */
export function hashPassword(password: string): Promise<string> {
  return pool.hash(password, COST);
}

/** A valid hash of a random password, compared against when the e-mail is unknown so timing leaks nothing. */
const unknownUserHash = bcrypt.hashSync(crypto.randomUUID(), COST);

/** Compares in constant-ish time; `hash` null (unknown user or no password) never matches. */
export async function verifyPassword({
  password,
  hash,
}: {
  password: string;
  hash: string | null;
}): Promise<boolean> {
  if (!hash) {
    await pool.compare(password, unknownUserHash);
    return false;
  }
  return pool.compare(password, hash);
}
