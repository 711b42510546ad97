export { AuthGate } from './auth-gate.tsx';
export { LoginPage } from './login-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
export { type SessionState, useSession } from './use-session.ts';
export { UserMenu } from './user-menu.tsx';
