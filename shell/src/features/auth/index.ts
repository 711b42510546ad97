import { lazy } from 'react';

export { AuthGate } from './auth-gate.tsx';
export { type SessionState, useSession } from './use-session.ts';
export { UserMenu } from './user-menu.tsx';

// The sign-in pages load only for a visitor who needs them; a returning writer goes straight in.
export const LoginPage = lazy(() =>
  import('./login-page.tsx').then((module) => ({ default: module.LoginPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('./reset-password-page.tsx').then((module) => ({ default: module.ResetPasswordPage })),
);
