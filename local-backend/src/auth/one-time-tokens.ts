import { createHash, randomBytes } from 'node:crypto';
import { type VerificationType, verificationTypes } from './schema.ts';
import type { Queryable } from './users.ts';

/** Mail links stay valid for an hour. */
const LINK_LIFETIME = '1 hour';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Creates the secret of a mail link for `type`, replacing any earlier one of the same type for the user
 * (only the newest link works). Only its SHA-256 is stored; the returned token goes into the link.
 */
export async function createOneTimeToken({
  db,
  userId,
  type,
  relatesTo,
}: {
  db: Queryable;
  userId: string;
  type: VerificationType;
  relatesTo: string;
}): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
     values ($1, $2, $3, $4)
     on conflict (user_id, token_type)
     do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
                   created_at = now(), updated_at = now()`,
    [userId, verificationTypes[type], sha256(token), relatesTo],
  );
  return token;
}

/**
 * Consumes a link's token: returns the user it belongs to and what it relates to (the e-mail it was
 * sent to), or undefined when it is unknown, of another type, or older than an hour. A token works once.
 */
export async function consumeOneTimeToken({
  db,
  token,
  type,
}: {
  db: Queryable;
  token: string;
  type: VerificationType;
}): Promise<{ userId: string; relatesTo: string } | undefined> {
  const result = await db.query<{ user_id: string; relates_to: string; fresh: boolean }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = $2
     returning user_id, relates_to, created_at > now()::timestamp - interval '${LINK_LIFETIME}' as fresh`,
    [sha256(token), verificationTypes[type]],
  );
  const row = result.rows[0];
  return row?.fresh ? { userId: row.user_id, relatesTo: row.relates_to } : undefined;
}

/** Links sent while a PKCE challenge was given end in `?code=`; that code expires after five minutes. */
export async function createFlowState({
  db,
  userId,
  codeChallenge,
  codeChallengeMethod,
  type,
}: {
  db: Queryable;
  userId: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  type: VerificationType;
}): Promise<void> {
  await db.query(
    `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method)
     values ($1, $2, $3, $4, 'email', $5)`,
    [userId, crypto.randomUUID(), codeChallengeMethod.toLowerCase(), codeChallenge, type],
  );
}

/** The auth code of the user's newest pending PKCE flow for `type`, marked issued; undefined if none. */
export async function issueAuthCode({
  db,
  userId,
  type,
}: {
  db: Queryable;
  userId: string;
  type: VerificationType;
}): Promise<string | undefined> {
  const result = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state
                 where user_id = $1 and authentication_method = $2 and auth_code_issued_at is null
                   and created_at > now() - interval '${LINK_LIFETIME}'
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, type],
  );
  return result.rows[0]?.auth_code;
}

/**
 * Redeems an auth code with its PKCE verifier (once, within five minutes of issue). Returns the user id,
 * or which check failed: an unknown or expired code, or a verifier that does not match the challenge.
 */
export async function redeemAuthCode({
  db,
  authCode,
  codeVerifier,
}: {
  db: Queryable;
  authCode: string;
  codeVerifier: string;
}): Promise<{ userId: string } | { error: 'flow_state_not_found' | 'bad_code_verifier' }> {
  const result = await db.query<{ user_id: string; code_challenge: string; code_challenge_method: string }>(
    `delete from auth.flow_state
     where auth_code = $1 and auth_code_issued_at > now() - interval '5 minutes'
     returning user_id, code_challenge, code_challenge_method`,
    [authCode],
  );
  const flow = result.rows[0];
  if (!flow) return { error: 'flow_state_not_found' };
  const expected =
    flow.code_challenge_method === 's256'
      ? createHash('sha256').update(codeVerifier).digest('base64url')
      : codeVerifier;
  return expected === flow.code_challenge ? { userId: flow.user_id } : { error: 'bad_code_verifier' };
}

/**
 * The token of a mailed link (`signup` or `recovery`) and, when the client started a PKCE flow (it sent a
 * code challenge), the flow state that turns the followed link into an auth code instead of a session.
 */
export async function createLinkToken({
  db,
  userId,
  email,
  type,
  pkce,
}: {
  db: Queryable;
  userId: string;
  email: string;
  type: 'signup' | 'recovery';
  pkce: { code_challenge?: string | null | undefined; code_challenge_method?: string | null | undefined };
}): Promise<string> {
  const token = await createOneTimeToken({ db, userId, type, relatesTo: email });
  if (pkce.code_challenge && pkce.code_challenge_method) {
    await createFlowState({
      db,
      userId,
      codeChallenge: pkce.code_challenge,
      codeChallengeMethod: pkce.code_challenge_method,
      type,
    });
  }
  return token;
}
