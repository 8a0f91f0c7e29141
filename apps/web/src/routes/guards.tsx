import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
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

/** Superuser screens; anyone else goes to /dashboard. Sits inside RequireAuth. */
export function RequireSuperuser() {
  const { user } = useAuth();
  if (!user?.is_superuser) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
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
