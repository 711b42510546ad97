import type { Hono } from 'hono';
import { type AuthContext, readBody } from './auth-context.ts';
import { AuthError } from './auth-error.ts';
import { redeemAuthCode } from './one-time-tokens.ts';
import { verifyPassword } from './passwords.ts';
import { passwordGrantBody, pkceGrantBody, refreshTokenGrantBody } from './schema.ts';
import { refreshSession, startSession } from './sessions.ts';
import { findUserByEmail } from './users.ts';

/** `POST /token`: the password, refresh_token and pkce grants. */
export function addTokenRoute(app: Hono, auth: AuthContext): void {
  const { pg, sessions, throttle, clientOf, withinClientLimits, signerFor, refreshTokenReuseSeconds } = auth;

  app.post('/token', async (context) => {
    const grantType = context.req.query('grant_type');
    const signer = signerFor(context);
    const userAgent = context.req.header('user-agent');
    if (grantType === 'password') {
      const { email, password } = await readBody(context, passwordGrantBody);
      const user = await withinClientLimits(context, async () => {
        // Counted before anything is awaited, so parallel guesses cannot slip past the limit.
        const attempt = throttle.begin(clientOf(context), email);
        const found = await findUserByEmail({ db: pg, email });
        const matches = await verifyPassword({ password, hash: found?.encrypted_password ?? null });
        if (!found || !matches) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
        attempt.succeeded();
        return found;
      });
      if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      return context.json(
        await pg.transaction((tx) =>
          startSession({ db: tx, userId: user.id, method: 'password', signer, userAgent }),
        ),
      );
    }
    if (grantType === 'refresh_token') {
      const { refresh_token: refreshToken } = await readBody(context, refreshTokenGrantBody);
      const refreshed = await pg.transaction((tx) =>
        refreshSession({ db: tx, refreshToken, reuseSeconds: refreshTokenReuseSeconds, signer }),
      );
      if (refreshed instanceof AuthError) {
        // A replayed token ended its session.
        sessions.forgetAll();
        throw refreshed;
      }
      return context.json(refreshed);
    }
    if (grantType === 'pkce') {
      const body = await readBody(context, pkceGrantBody);
      return context.json(
        await pg.transaction(async (tx) => {
          const redeemed = await redeemAuthCode({
            db: tx,
            authCode: body.auth_code,
            codeVerifier: body.code_verifier,
          });
          if ('error' in redeemed) {
            throw redeemed.error === 'flow_state_not_found'
              ? new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
              : new AuthError(
                  403,
                  'bad_code_verifier',
                  'code challenge does not match previously saved code verifier',
                );
          }
          return startSession({ db: tx, userId: redeemed.userId, method: 'otp', signer, userAgent });
        }),
      );
    }
    throw new AuthError(400, 'unsupported_grant_type', `unsupported_grant_type: ${grantType ?? '(none)'}`);
  });
}
