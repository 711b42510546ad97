import type { Hono } from 'hono';
import { type AuthContext, readBody } from './auth-context.ts';
import { AuthError } from './auth-error.ts';
import { authMails } from './auth-mails.ts';
import { createLinkToken } from './one-time-tokens.ts';
import { assertPasswordAcceptable, hashPassword } from './passwords.ts';
import { signUpBody } from './schema.ts';
import { startSession } from './sessions.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  markConfirmationSent,
  toUserJson,
  updatePassword,
} from './users.ts';

/** `POST /signup`: a new account, signed in at once or after its confirmation link. */
export function addSignUpRoute(app: Hono, auth: AuthContext): void {
  const { pg, options, mailbox, withinClientLimits, signerFor, verificationLink } = auth;

  app.post('/signup', async (context) => {
    const body = await readBody(context, signUpBody);
    assertPasswordAcceptable(body.password);
    const passwordHash = await withinClientLimits(context, () => hashPassword(body.password));
    const signer = signerFor(context);
    const outcome = await pg.transaction(async (tx) => {
      const existing = await findUserByEmail({ db: tx, email: body.email });
      if (existing && (existing.email_confirmed_at || !options.confirmEmail)) {
        throw new AuthError(422, 'user_already_exists', 'User already registered');
      }
      // Signing up again before confirming replaces the password and re-sends the link, as GoTrue does.
      if (existing) await updatePassword({ db: tx, id: existing.id, passwordHash });
      const user =
        existing ??
        (await insertUser({
          db: tx,
          email: body.email,
          passwordHash,
          confirmed: !options.confirmEmail,
          data: body.data ?? {},
        }));
      if (!options.confirmEmail) {
        return {
          session: await startSession({
            db: tx,
            userId: user.id,
            method: 'password',
            signer,
            userAgent: context.req.header('user-agent'),
          }),
        };
      }
      const token = await createLinkToken({
        db: tx,
        userId: user.id,
        email: user.email,
        type: 'signup',
        pkce: body,
      });
      await markConfirmationSent({ db: tx, id: user.id });
      const confirmedUser = await findUserById({ db: tx, id: user.id });
      return { user: confirmedUser ?? user, token };
    });
    if ('session' in outcome) return context.json(outcome.session);
    mailbox.send(
      authMails.confirmSignup({
        to: outcome.user.email,
        link: verificationLink(context, { token: outcome.token, type: 'signup' }),
      }),
    );
    // Confirmation pending: a bare user, so supabase-js reports `session: null`.
    return context.json(toUserJson(outcome.user));
  });
}
