import type { Hono } from 'hono';
import { type AuthContext, readBody, requireUser } from './auth-context.ts';
import { AuthError } from './auth-error.ts';
import { authMails } from './auth-mails.ts';
import { createOneTimeToken } from './one-time-tokens.ts';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from './passwords.ts';
import { updateUserBody } from './schema.ts';
import { endSessions, type LogoutScope } from './sessions.ts';
import {
  changeEmail,
  findUserByEmail,
  findUserById,
  requestEmailChange,
  toUserJson,
  updatePassword,
  updateUserMetadata,
} from './users.ts';

/** `GET /user`, `PUT /user` (password, metadata, e-mail) and `POST /logout`. */
export function addUserRoutes(app: Hono, auth: AuthContext): void {
  const { pg, options, mailbox, sessions, verificationLink } = auth;

  app.get('/user', async (context) => {
    const { user } = await requireUser(auth, context);
    return context.json(toUserJson(user));
  });

  app.put('/user', async (context) => {
    const { user, sessionId } = await requireUser(auth, context);
    const body = await readBody(context, updateUserBody);
    let passwordHash: string | undefined;
    if (body.password !== undefined) {
      assertPasswordAcceptable(body.password);
      if (await verifyPassword({ password: body.password, hash: user.encrypted_password })) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      passwordHash = await hashPassword(body.password);
    }
    const newEmail = body.email && body.email !== user.email ? body.email : undefined;
    const outcome = await pg.transaction(async (tx) => {
      if (passwordHash) {
        await updatePassword({ db: tx, id: user.id, passwordHash });
        // A new password signs out every other device, as GoTrue does.
        await endSessions({ db: tx, userId: user.id, sessionId, scope: 'others' });
      }
      if (body.data) {
        const current = (await findUserById({ db: tx, id: user.id }))?.raw_user_meta_data ?? {};
        // GoTrue merges `data` into user_metadata key by key; a null value removes the key.
        const merged = Object.fromEntries(
          Object.entries({ ...current, ...body.data }).filter(([, value]) => value !== null),
        );
        await updateUserMetadata({ db: tx, id: user.id, userMetadata: merged });
      }
      let emailChangeToken: string | undefined;
      if (newEmail) {
        if (await findUserByEmail({ db: tx, email: newEmail })) {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          );
        }
        if (options.confirmEmail) {
          await requestEmailChange({ db: tx, id: user.id, email: newEmail });
          emailChangeToken = await createOneTimeToken({
            db: tx,
            userId: user.id,
            type: 'email_change',
            relatesTo: newEmail,
          });
        } else {
          await changeEmail({ db: tx, id: user.id, email: newEmail });
        }
      }
      return { user: await findUserById({ db: tx, id: user.id }), emailChangeToken };
    });
    if (passwordHash) sessions.forgetAll();
    if (newEmail && outcome.emailChangeToken) {
      mailbox.send(
        authMails.changeEmail({
          to: newEmail,
          link: verificationLink(context, { token: outcome.emailChangeToken, type: 'email_change' }),
        }),
      );
    }
    if (!outcome.user) throw new AuthError(404, 'user_not_found', 'User not found');
    return context.json(toUserJson(outcome.user));
  });

  app.post('/logout', async (context) => {
    const scope = context.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    const { user, sessionId } = await requireUser(auth, context);
    await pg.transaction((tx) =>
      endSessions({ db: tx, userId: user.id, sessionId, scope: scope satisfies LogoutScope }),
    );
    sessions.forgetAll();
    return context.body(null, 204);
  });
}
