import type { User } from '@atrium/contract';
// The policies subpath, not the contract's index: the shell must not pull zod into the first download.
import { allows } from '@atrium/contract/policies';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { onSessionExpired, refreshAccessToken } from '@/lib/api';
import { call } from '@/lib/api-client';
import { AuthContext, type AuthContextValue, type AuthStatus, type SignOutReason } from '@/lib/auth-context';
import { shellApi } from '@/lib/shell-endpoints';
import { clearToken, getToken, setToken, TOKEN_KEY } from '@/lib/token';

interface SessionState {
  user: User | null;
  status: AuthStatus;
  signOutReason: SignOutReason | null;
}

const signedOut = (reason: SignOutReason | null): SessionState => ({
  user: null,
  status: 'anonymous',
  signOutReason: reason,
});

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<SessionState>(() =>
    getToken() ? { user: null, status: 'loading', signOutReason: null } : signedOut(null),
  );

  // While a deliberate logout is under way, and after it, its own echoes (the live channel closing
  // for the session it ends, which may arrive after the logout's answer) are still that logout:
  // the next person starts from the dashboard, not from the page the guard would remember.
  const leaving = useRef(false);
  const endSession = useCallback(
    (reason: SignOutReason) => {
      clearToken();
      // The next user must not see the previous user's cached data.
      queryClient.clear();
      setSession((previous) =>
        previous.status === 'anonymous' && previous.signOutReason === 'logout'
          ? previous
          : signedOut(leaving.current ? 'logout' : reason),
      );
    },
    [queryClient],
  );

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    call(shellApi.me).then(
      ({ user }) => {
        if (!cancelled) setSession({ user, status: 'authenticated', signOutReason: null });
      },
      () => {
        if (!cancelled) endSession('expired');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [endSession]);

  useEffect(() => onSessionExpired(() => endSession('expired')), [endSession]);

  // Signing out in one tab signs out the others.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if ((event.key === TOKEN_KEY || event.key === null) && !getToken()) endSession('logout');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [endSession]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { token, user } = await call(shellApi.login, { body: { email, password } });
      setToken(token);
      queryClient.clear();
      setSession({ user, status: 'authenticated', signOutReason: null });
      return user;
    },
    [queryClient],
  );

  const adoptSession = useCallback(async () => {
    const token = await refreshAccessToken(null);
    setToken(token);
    const { user } = await call(shellApi.me);
    queryClient.clear();
    setSession({ user, status: 'authenticated', signOutReason: null });
    return user;
  }, [queryClient]);

  const logout = useCallback(async () => {
    leaving.current = true;
    try {
      // A session single sign-on opened ends at the provider too (RP-initiated logout).
      let providerLogout: string | null = null;
      if (getToken()) {
        providerLogout = await call(shellApi.ssoLogoutUrl).then(
          (r) => r.url,
          () => null,
        );
        try {
          await call(shellApi.logout);
        } catch {
          // The session is forgotten here either way; the server's copy expires on its own.
        }
      }
      endSession('logout');
      if (providerLogout) window.location.assign(providerLogout);
      else await navigate('/login', { replace: true });
    } finally {
      leaving.current = false;
    }
  }, [endSession, navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.user,
      status: session.status,
      can: (action) => session.user !== null && allows(session.user, action),
      isAdmin: session.user?.role === 'admin',
      signOutReason: session.signOutReason,
      login,
      adoptSession,
      logout,
      endSession,
    }),
    [session, login, adoptSession, logout, endSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
