import { Hono } from 'hono';
import { type AuthRoutesOptions, createAuthContext } from './auth-context.ts';
import { API_VERSION_HEADER, AuthError, authErrorResponse } from './auth-error.ts';
import { addRecoveryRoutes } from './recovery-routes.ts';
import { addSignUpRoute } from './sign-up-route.ts';
import { addTokenRoute } from './token-route.ts';
import { addUserRoutes } from './user-routes.ts';

export type { AuthRoutesOptions } from './auth-context.ts';

/**
 * The GoTrue endpoints supabase-js calls, mounted at `/auth/v1` (docs/backend.md, protocol fact 4).
 * Auth internals run as the superuser on `database.pg`; bcrypt runs before a transaction opens, because
 * a PGlite transaction blocks every other request.
 */
export function createAuthRoutes(options: AuthRoutesOptions): Hono {
  const auth = createAuthContext(options);
  const app = new Hono();

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

  addSignUpRoute(app, auth);
  addTokenRoute(app, auth);
  addUserRoutes(app, auth);
  addRecoveryRoutes(app, auth);
  return app;
}
