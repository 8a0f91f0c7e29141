import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@icehouse/server/trpc';
import type { LoginFailure, LoginInput } from '@icehouse/domain';
import { trpc } from './trpc';
import { useHttpClient } from './httpContext';
import { serverErrorData, serverErrorDetail, serverMessage } from './errors';

/**
 * The session (orders spec §4): loading, then authenticated with a user or unauthenticated.
 *
 * - The session is checked once, when the provider mounts (the app's start); a failed check means
 *   not signed in.
 * - A successful login sets the user; a successful logout clears it. A failed logout is only
 *   logged and the user stays set.
 * - The server issues a new CSRF token at sign-in and sign-out, so the cached one is dropped then.
 */

type Client = TRPCClient<AppRouter>;
type CheckAnswer = Awaited<ReturnType<Client['auth']['check']['query']>>;

/** The signed-in user as auth.check and auth.login give it. */
export type SessionUser = NonNullable<CheckAnswer['user']>;

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** True after the user signed out in this tab (the guards then go to plain /login, without `next`). */
  signedOut: boolean;
  /** Signs in; rejects with the server's error (read it with `loginFailureOf`). */
  login: (credentials: LoginInput) => Promise<SessionUser>;
  /** Signs out; a failure is only logged and the user stays signed in. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface SessionState {
  status: AuthStatus;
  user: SessionUser | null;
  signedOut: boolean;
}

export interface AuthProviderProps {
  children: ReactNode;
}

export function AuthProvider({ children }: AuthProviderProps) {
  const utils = trpc.useUtils();
  const client = utils.client;
  const httpClient = useHttpClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading', user: null, signedOut: false });

  // One check per app start, also under StrictMode's double effects: the promise is kept.
  const check = useRef<Promise<CheckAnswer> | null>(null);
  useEffect(() => {
    let active = true;
    check.current ??= client.auth.check.query();
    check.current.then(
      (answer) => {
        if (!active) return;
        // The answer seeds the session query below, which is then read again only when invalidated.
        utils.auth.check.setData(undefined, answer);
        setState((current) =>
          current.status !== 'loading'
            ? current
            : answer.isAuthenticated && answer.user
              ? { status: 'authenticated', user: answer.user, signedOut: false }
              : { status: 'unauthenticated', user: null, signedOut: false },
        );
      },
      (error: unknown) => {
        if (!active) return;
        console.warn('Session check failed; treating the visitor as signed out.', error);
        setState((current) =>
          current.status !== 'loading'
            ? current
            : { status: 'unauthenticated', user: null, signedOut: false },
        );
      },
    );
    return () => {
      active = false;
    };
  }, [client, utils]);

  // The session as the live feed keeps it: a 'refetch' event (sent when this user's role changes)
  // invalidates every query, this one included, so the new role reaches the navigation, the guards and
  // the open screen without a reload.
  const session = trpc.auth.check.useQuery(undefined, {
    enabled: state.status === 'authenticated',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const fresh = session.data;
  useEffect(() => {
    if (!fresh) return;
    setState((current) => {
      if (current.status !== 'authenticated') return current;
      if (!fresh.isAuthenticated || !fresh.user) return { status: 'unauthenticated', user: null, signedOut: false };
      return sameUser(current.user, fresh.user) ? current : { ...current, user: fresh.user };
    });
  }, [fresh]);

  const login = useCallback(
    async (credentials: LoginInput): Promise<SessionUser> => {
      const answer = await client.auth.login.mutate(credentials);
      httpClient.clearCsrfToken();
      // Nothing another user's session loaded may show through; no data screen is mounted on /login.
      queryClient.clear();
      utils.auth.check.setData(undefined, { isAuthenticated: true, user: answer.user });
      setState({ status: 'authenticated', user: answer.user, signedOut: false });
      return answer.user;
    },
    [client, httpClient, queryClient, utils],
  );

  const logout = useCallback(async (): Promise<void> => {
    try {
      await client.auth.logout.mutate();
    } catch (error) {
      console.error('Logout failed; still signed in.', error);
      return;
    }
    httpClient.clearCsrfToken();
    setState({ status: 'unauthenticated', user: null, signedOut: true });
  }, [client, httpClient]);

  const value = useMemo<AuthContextValue>(() => ({ ...state, login, logout }), [state, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The same user with the same role, name and flags: nothing on screen needs to change. */
function sameUser(a: SessionUser | null, b: SessionUser): boolean {
  return a !== null && (Object.keys(b) as (keyof SessionUser)[]).every((key) => a[key] === b[key]);
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() needs an <AuthProvider> above it');
  return value;
}

/** The session, or null outside an AuthProvider (a screen rendered on its own, as in its tests). */
export function useOptionalAuth(): AuthContextValue | null {
  return useContext(AuthContext);
}

/** The signed-in user, or null (also outside an AuthProvider: a piece that only adapts to the user). */
export function useSessionUser(): SessionUser | null {
  return useContext(AuthContext)?.user ?? null;
}

/**
 * A failed login as the domain's `loginFailureMessage` reads it: the server's message and its code
 * (INVALID_CREDENTIALS, INACTIVE_ACCOUNT, TOO_MANY_ATTEMPTS). Without an answer from the server
 * there is neither, and the message falls back to 'Login failed'.
 */
export function loginFailureOf(error: unknown): LoginFailure {
  if (!serverErrorData(error)) return { error: null, code: null };
  return { error: serverMessage(error), code: serverErrorDetail(error, 'code') };
}
