import type { Hono } from 'hono';
import { type AuthContext, applyLink, expiredLink, readBody } from './auth-context.ts';
import { AuthError } from './auth-error.ts';
import { authMails } from './auth-mails.ts';
import { createLinkToken, issueAuthCode } from './one-time-tokens.ts';
import { recoverBody, verifyLinkQuery, verifyTokenHashBody } from './schema.ts';
import { type SessionJson, startSession } from './sessions.ts';
import { findUserByEmail, markRecoverySent } from './users.ts';

/** `POST /recover` and the mail links: `GET /verify` (the link itself) and `POST /verify` (a token hash). */
export function addRecoveryRoutes(app: Hono, auth: AuthContext): void {
  const { pg, mailbox, signerFor, resolveRedirect, verificationLink } = auth;

  app.post('/recover', async (context) => {
    const body = await readBody(context, recoverBody);
    const pending = await pg.transaction(async (tx) => {
      const user = await findUserByEmail({ db: tx, email: body.email });
      if (!user) return undefined;
      const token = await createLinkToken({
        db: tx,
        userId: user.id,
        email: user.email,
        type: 'recovery',
        pkce: body,
      });
      await markRecoverySent({ db: tx, id: user.id });
      return { email: user.email, token };
    });
    if (pending)
      mailbox.send(
        authMails.resetPassword({
          to: pending.email,
          link: verificationLink(context, { token: pending.token, type: 'recovery' }),
        }),
      );
    // The same answer for unknown addresses, so the endpoint does not reveal who has an account.
    return context.json({});
  });

  // The mail link. Success: 303 to redirect_to with the session in the hash (implicit flow, so the
  // browser client emits PASSWORD_RECOVERY for type=recovery) or `?code=` (PKCE). Failure: the error in the hash.
  app.get('/verify', async (context) => {
    const redirectTo = new URL(resolveRedirect(context.req.query('redirect_to')));
    redirectTo.hash = '';
    const query = verifyLinkQuery.safeParse(context.req.query());
    const userAgent = context.req.header('user-agent');
    try {
      if (!query.success) throw expiredLink();
      const { token, type } = query.data;
      const outcome = await pg.transaction(
        async (tx): Promise<{ authCode: string } | { session: SessionJson }> => {
          const userId = await applyLink({ db: tx, token, type });
          const authCode = await issueAuthCode({ db: tx, userId, type });
          if (authCode) return { authCode };
          return {
            session: await startSession({
              db: tx,
              userId,
              method: 'otp',
              signer: signerFor(context),
              userAgent,
            }),
          };
        },
      );
      if ('authCode' in outcome) {
        redirectTo.searchParams.set('code', outcome.authCode);
        return context.redirect(redirectTo.toString(), 303);
      }
      const { session } = outcome;
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type,
      });
      return context.redirect(`${redirectTo.toString()}#${fragment}`, 303);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const fragment = new URLSearchParams({
        error: error.status === 403 ? 'access_denied' : 'server_error',
        error_code: error.code,
        error_description: error.message,
      });
      return context.redirect(`${redirectTo.toString()}#${fragment}`, 303);
    }
  });

  // supabase-js `verifyOtp({ token_hash, type })`: the same check, answered with the session as JSON.
  app.post('/verify', async (context) => {
    const body = await readBody(context, verifyTokenHashBody);
    const session = await pg.transaction(async (tx) => {
      const userId = await applyLink({ db: tx, token: body.token_hash, type: body.type });
      return startSession({
        db: tx,
        userId,
        method: 'otp',
        signer: signerFor(context),
        userAgent: context.req.header('user-agent'),
      });
    });
    return context.json(session);
  });
}
