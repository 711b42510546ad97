import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import { ClientLimitError, clientAddress, createClientLimiter } from '../http/client-limits.ts';
import { bearerToken, InvalidJwtError, verifyJwt } from '../http/request-auth.ts';
import type { Mailbox } from '../mail/mailbox.ts';
import { API_VERSION_HEADER, AuthError, authErrorResponse } from './auth-error.ts';
import { authMails } from './auth-mails.ts';
import {
  consumeOneTimeToken,
  createFlowState,
  createOneTimeToken,
  issueAuthCode,
  redeemAuthCode,
} from './one-time-tokens.ts';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from './passwords.ts';
import {
  passwordGrantBody,
  pkceGrantBody,
  recoverBody,
  refreshTokenGrantBody,
  signUpBody,
  updateUserBody,
  type VerificationType,
  verifyLinkQuery,
  verifyTokenHashBody,
} from './schema.ts';
import type { SessionLiveness } from './session-liveness.ts';
import {
  endSessions,
  type LogoutScope,
  refreshSession,
  type SessionJson,
  startSession,
  type TokenSigner,
} from './sessions.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import {
  changeEmail,
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  markConfirmationSent,
  markRecoverySent,
  type Queryable,
  requestEmailChange,
  toUserJson,
  updatePassword,
  updateUserMetadata,
} from './users.ts';

/** What the GoTrue endpoints need from the backend. */
export interface AuthRoutesOptions {
  database: Database;
  mailbox: Mailbox;
  jwtSecret: string;
  /** Sign-up returns a bare user and sends a confirmation link instead of signing in. */
  confirmEmail: boolean;
  /** Where `/verify` redirects when the link's `redirect_to` is missing or not allowed. */
  siteUrl: string;
  /** Seconds a just-rotated refresh token is still accepted. */
  refreshTokenReuseSeconds: number;
  /** Told when sessions end, so their access tokens stop working at once. */
  sessions: SessionLiveness;
  /** Behind a proxy: the client is the last `X-Forwarded-For` entry, not the socket's peer. */
  trustProxy: boolean;
}

const expiredLink = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');

/** Parses a JSON body against its schema; GoTrue answers 400 for both failures. */
async function readBody<Schema extends z.ZodType>(
  context: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  let json: unknown;
  try {
    json = await context.req.json();
  } catch {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AuthError(
      400,
      'validation_failed',
      issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid body',
    );
  }
  return parsed.data;
}

/**
 * The GoTrue endpoints supabase-js calls, mounted at `/auth/v1` (docs/backend.md, protocol fact 4).
 * Auth internals run as the superuser on `database.pg`; bcrypt runs before a transaction opens, because
 * a PGlite transaction blocks every other request.
 */
export function createAuthRoutes(options: AuthRoutesOptions): Hono {
  const { database, mailbox, jwtSecret, refreshTokenReuseSeconds, sessions } = options;
  const { pg } = database;
  const throttle = createSignInThrottle();
  const limiter = createClientLimiter();
  const app = new Hono();

  const clientOf = (context: Context) => clientAddress(context, { trustProxy: options.trustProxy });

  /** Runs a request that hashes a password within its client's limits (http/client-limits.ts). */
  const withinClientLimits = async <T>(context: Context, work: () => Promise<T>): Promise<T> => {
    let release: () => void;
    try {
      release = limiter.enter(clientOf(context));
    } catch (error) {
      if (error instanceof ClientLimitError)
        throw new AuthError(429, 'over_request_rate_limit', error.message);
      throw error;
    }
    try {
      return await work();
    } finally {
      release();
    }
  };

  const signerFor = (context: Context): TokenSigner => ({
    jwtSecret,
    issuer: `${new URL(context.req.url).origin}/auth/v1`,
  });

  /** Links may lead back only to the site or to a loopback address; anything else goes to the site. */
  const resolveRedirect = (redirectTo: string | undefined): string => {
    if (!redirectTo) return options.siteUrl;
    try {
      const url = new URL(redirectTo);
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      const sameSite = url.origin === new URL(options.siteUrl).origin;
      return (url.protocol === 'http:' || url.protocol === 'https:') && (loopback || sameSite)
        ? url.toString()
        : options.siteUrl;
    } catch {
      return options.siteUrl;
    }
  };

  const verificationLink = (context: Context, { token, type }: { token: string; type: VerificationType }) => {
    const link = new URL(`${new URL(context.req.url).origin}/auth/v1/verify`);
    link.searchParams.set('token', token);
    link.searchParams.set('type', type);
    link.searchParams.set('redirect_to', resolveRedirect(context.req.query('redirect_to')));
    return link.toString();
  };

  /** The signed-in user of a request (Bearer = access token), as GoTrue checks it. */
  const requireUser = async (context: Context) => {
    const token = bearerToken(context.req.raw);
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: Awaited<ReturnType<typeof verifyJwt>>;
    try {
      claims = await verifyJwt(token, jwtSecret);
    } catch (error) {
      if (error instanceof InvalidJwtError) {
        throw new AuthError(
          403,
          'bad_jwt',
          `invalid JWT: unable to parse or verify signature, ${error.message}`,
        );
      }
      throw error;
    }
    if (typeof claims.sub !== 'string')
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
    if (sessionId && !(await sessions.isLive(sessionId))) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    const user = await findUserById({ db: pg, id: claims.sub });
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, sessionId };
  };

  /**
   * Consumes a mail link's token and applies it: confirms the e-mail, or moves the user to the new one.
   * Returns the user to sign in.
   */
  const applyLink = async ({ db, token, type }: { db: Queryable; token: string; type: VerificationType }) => {
    const consumed = await consumeOneTimeToken({ db, token, type });
    if (!consumed) throw expiredLink();
    if (type === 'email_change') {
      const taken = await findUserByEmail({ db, email: consumed.relatesTo });
      if (taken && taken.id !== consumed.userId) {
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      await changeEmail({ db, id: consumed.userId, email: consumed.relatesTo });
    } else {
      // A recovery link proves the mailbox too, so it confirms a never-confirmed address, as GoTrue does.
      await confirmEmail({ db, id: consumed.userId });
    }
    return consumed.userId;
  };

  app.use(async (context, next) => {
    await next();
    const apiVersion = context.req.header(API_VERSION_HEADER);
    if (apiVersion) context.header(API_VERSION_HEADER, apiVersion);
  });

  app.onError((error, context) => {
    if (error instanceof AuthError) return authErrorResponse(context, error);
    console.error('auth: unexpected failure', error);
    return authErrorResponse(
      context,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
    );
  });

  app.get('/health', (context) =>
    context.json({
      version: 'local',
      name: 'GoTrue',
      description: 'GoTrue-compatible auth of the local backend',
    }),
  );

  // Tokens are HS256 (a shared secret), so there is no public key to publish; GoTrue answers the same.
  app.get('/.well-known/jwks.json', (context) => context.json({ keys: [] }));

  app.get('/settings', (context) =>
    context.json({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: !options.confirmEmail,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

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
      const token = await createOneTimeToken({
        db: tx,
        userId: user.id,
        type: 'signup',
        relatesTo: user.email,
      });
      await markConfirmationSent({ db: tx, id: user.id });
      if (body.code_challenge && body.code_challenge_method) {
        await createFlowState({
          db: tx,
          userId: user.id,
          codeChallenge: body.code_challenge,
          codeChallengeMethod: body.code_challenge_method,
          type: 'signup',
        });
      }
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

  app.get('/user', async (context) => {
    const { user } = await requireUser(context);
    return context.json(toUserJson(user));
  });

  app.put('/user', async (context) => {
    const { user, sessionId } = await requireUser(context);
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
    const { user, sessionId } = await requireUser(context);
    await pg.transaction((tx) =>
      endSessions({ db: tx, userId: user.id, sessionId, scope: scope satisfies LogoutScope }),
    );
    sessions.forgetAll();
    return context.body(null, 204);
  });

  app.post('/recover', async (context) => {
    const body = await readBody(context, recoverBody);
    const pending = await pg.transaction(async (tx) => {
      const user = await findUserByEmail({ db: tx, email: body.email });
      if (!user) return undefined;
      const token = await createOneTimeToken({
        db: tx,
        userId: user.id,
        type: 'recovery',
        relatesTo: user.email,
      });
      await markRecoverySent({ db: tx, id: user.id });
      if (body.code_challenge && body.code_challenge_method) {
        await createFlowState({
          db: tx,
          userId: user.id,
          codeChallenge: body.code_challenge,
          codeChallengeMethod: body.code_challenge_method,
          type: 'recovery',
        });
      }
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

  return app;
}
