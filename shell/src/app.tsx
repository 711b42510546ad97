import { Suspense, useEffect, useMemo } from 'react';
import type { User } from 'shared-kernel';
import {
  type AreaProps,
  afterFirstScreen,
  backendConfigFromEnv,
  CONTRACT_VERSION,
  createEventBus,
  getSupabaseClient,
} from 'shared-kernel';
import { AuthGate, LoginPage, ResetPasswordPage, useSession } from './features/auth/index.ts';
import { AppErrorBoundary } from './features/error-screen/index.ts';
import { SplashOverlay } from './features/loading/index.ts';
import { registerServiceWorker } from './features/offline/index.ts';
import { useTheme } from './features/theme/index.ts';
import { Toasts } from './features/toasts/index.ts';
import { Workspace } from './features/workspace/index.ts';
import { navigate, ROUTES, usePathname } from './routing/router.ts';

/** One bus and one backend client per page; every parcel receives them through its props. */
const bus = createEventBus();
const backend = backendConfigFromEnv();
const client = getSupabaseClient(backend);
// Once the first screen is usable (or 5 s on, as on the sign-in page) and the page idle.
afterFirstScreen(bus, registerServiceWorker);

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

function SignedInWorkspace({ user }: { user: User }) {
  const areaProps = useMemo<AreaProps>(
    () => ({
      contractVersion: CONTRACT_VERSION,
      bus,
      backend,
      user: { id: user.id, email: user.email ?? '' },
    }),
    [user.id, user.email],
  );
  return <Workspace areaProps={areaProps} user={user} client={client} />;
}

/** The shell's routes: sign-in, the reset-password landing, and the workspace behind the auth gate. */
export function App() {
  useTheme();
  const pathname = usePathname();
  const session = useSession(client);
  const signedIn = session.status === 'signed-in' || session.status === 'offline';

  let page: React.ReactNode;
  if (pathname === ROUTES.resetPassword) page = <ResetPasswordPage client={client} />;
  else if (pathname === ROUTES.login)
    page = signedIn ? <Redirect to={ROUTES.workspace} /> : <LoginPage client={client} />;
  else page = <AuthGate session={session}>{(user) => <SignedInWorkspace user={user} />}</AuthGate>;

  return (
    <AppErrorBoundary>
      <Suspense fallback={null}>{page}</Suspense>
      <SplashOverlay visible={session.status === 'checking'} />
      <Toasts />
    </AppErrorBoundary>
  );
}
