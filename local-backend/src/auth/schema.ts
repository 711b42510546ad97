import { z } from 'zod';
import { MAXIMUM_PASSWORD_BYTES } from './passwords.ts';

/** RFC 5321's longest usable address; GoTrue refuses longer ones too. */
export const MAXIMUM_EMAIL_LENGTH = 254;

/** The most user metadata (`data`) one request may carry, as JSON text. */
export const MAXIMUM_METADATA_BYTES = 16 * 1024;

/** Refresh tokens, auth codes, link tokens and PKCE values are all far shorter than this. */
const MAXIMUM_TOKEN_LENGTH = 512;

const invalidEmail = 'Unable to validate email address: invalid format';

/**
 * A deliberately loose shape check (`local@domain.tld`, no spaces), written without a regular
 * expression: the old pattern backtracked quadratically, so one 200 KB address held the process for
 * 27 s. This looks at each character a fixed number of times, and only after the length check.
 */
export function isPlausibleEmail(address: string): boolean {
  if (address.length > MAXIMUM_EMAIL_LENGTH) return false;
  const at = address.indexOf('@');
  if (at <= 0 || at !== address.lastIndexOf('@')) return false;
  if (/\s/.test(address)) return false;
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return dot > 0 && dot < domain.length - 1;
}

// Length first, so nothing else ever looks at an over-long address.
const email = z
  .string()
  .max(MAXIMUM_EMAIL_LENGTH * 4, invalidEmail)
  .transform((value) => value.trim().toLowerCase())
  .refine(isPlausibleEmail, invalidEmail);

/** A password as sent; bcrypt reads at most 72 bytes, so no longer one can be stored or match. */
const password = z
  .string()
  .refine(
    (value) => value.length <= MAXIMUM_PASSWORD_BYTES && Buffer.byteLength(value) <= MAXIMUM_PASSWORD_BYTES,
    `Password cannot be longer than ${MAXIMUM_PASSWORD_BYTES} bytes`,
  );

const token = z.string().min(1).max(MAXIMUM_TOKEN_LENGTH);

const metadata = z
  .record(z.string(), z.unknown())
  .refine(
    (value) => Buffer.byteLength(JSON.stringify(value)) <= MAXIMUM_METADATA_BYTES,
    `User metadata cannot be larger than ${MAXIMUM_METADATA_BYTES} bytes`,
  );

/** PKCE fields supabase-js always sends (null in the implicit flow). */
const pkceChallenge = {
  code_challenge: token.nullish(),
  code_challenge_method: z.enum(['s256', 'S256', 'plain']).nullish(),
};

/** `POST /signup` */
export const signUpBody = z.object({
  email,
  password: z.string({ error: 'Signup requires a valid password' }).pipe(password),
  data: metadata.nullish(),
  ...pkceChallenge,
});

/** `POST /token?grant_type=password` */
export const passwordGrantBody = z.object({ email, password });

/** `POST /token?grant_type=refresh_token` */
export const refreshTokenGrantBody = z.object({ refresh_token: token });

/** `POST /token?grant_type=pkce` */
export const pkceGrantBody = z.object({ auth_code: token, code_verifier: token });

/** `PUT /user` */
export const updateUserBody = z.object({
  email: email.optional(),
  password: password.optional(),
  data: metadata.nullish(),
  ...pkceChallenge,
});

/** `POST /recover` */
export const recoverBody = z.object({ email, ...pkceChallenge });

/** The link types `/verify` accepts and the one-time token type each consumes. */
export const verificationTypes = {
  signup: 'confirmation_token',
  email: 'confirmation_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
} as const;

/** A verification type named in a link or a `POST /verify` body. */
export type VerificationType = keyof typeof verificationTypes;

const verificationType = z.enum(Object.keys(verificationTypes) as [VerificationType, ...VerificationType[]]);

/** `GET /verify` query (the mail link). */
export const verifyLinkQuery = z.object({ token, type: verificationType });

/** `POST /verify` with a token hash (supabase-js `verifyOtp({ token_hash, type })`). */
export const verifyTokenHashBody = z.object({ token_hash: token, type: verificationType });
