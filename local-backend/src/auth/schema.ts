import { z } from 'zod';

/** GoTrue rejects malformed addresses before anything else; this is a deliberately loose shape check. */
const email = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Unable to validate email address: invalid format');

const metadata = z.record(z.string(), z.unknown());

/** PKCE fields supabase-js always sends (null in the implicit flow). */
const pkceChallenge = {
  code_challenge: z.string().min(1).nullish(),
  code_challenge_method: z.enum(['s256', 'S256', 'plain']).nullish(),
};

/** `POST /signup` */
export const signUpBody = z.object({
  email,
  password: z.string({ error: 'Signup requires a valid password' }),
  data: metadata.nullish(),
  ...pkceChallenge,
});

/** `POST /token?grant_type=password` */
export const passwordGrantBody = z.object({ email, password: z.string() });

/** `POST /token?grant_type=refresh_token` */
export const refreshTokenGrantBody = z.object({ refresh_token: z.string().min(1) });

/** `POST /token?grant_type=pkce` */
export const pkceGrantBody = z.object({ auth_code: z.string().min(1), code_verifier: z.string().min(1) });

/** `PUT /user` */
export const updateUserBody = z.object({
  email: email.optional(),
  password: z.string().optional(),
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
export const verifyLinkQuery = z.object({ token: z.string().min(1), type: verificationType });

/** `POST /verify` with a token hash (supabase-js `verifyOtp({ token_hash, type })`). */
export const verifyTokenHashBody = z.object({ token_hash: z.string().min(1), type: verificationType });
