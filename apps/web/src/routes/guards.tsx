import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { roleMay, type Area } from '@icehouse/domain';
import { LoadingScreen } from '../components/LoadingScreen';
import { homeOf } from '../lib/access';
import { AuthProvider, useAuth } from '../lib/auth';
import { loginUrl, returnToFromSearch } from '../lib/http';

/** The root of every route: the session, checked once when the app starts. */
export function AuthRoot() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

/**
 * Signed-in screens. While the session loads, a loading screen; signed out, /login with the
 * current location remembered (`?next=`), or plain /login right after signing out.
 */
export function RequireAuth() {
  const { status, signedOut } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'unauthenticated') {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={signedOut ? '/login' : loginUrl(here)} replace />;
  }
  return <Outlet />;
}

/**
 * The screens of one area (the domain's areas, as the server's operations declare them): a role without
 * it goes to its home, also when its role changes while the screen is open. Sits inside RequireAuth.
 */
export function RequireArea({ area }: { area: Area | readonly Area[] }) {
  const { user } = useAuth();
  if (!user || !roleMay(user.role, area)) return <Navigate to={homeOf(user?.role)} replace />;
  return <Outlet />;
}

/** / : the signed-in user's home (the board for the shop, the dashboard for everyone else). */
export function HomeRedirect() {
  const { user } = useAuth();
  return <Navigate to={homeOf(user?.role)} replace />;
}

/**
 * /login: a signed-in visitor goes on to the remembered location (`?next=`), else /dashboard. This
 * is also how the login screen leaves after a successful sign-in.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'authenticated') return <Navigate to={returnToFromSearch(location.search)} replace />;
  return children;
}
