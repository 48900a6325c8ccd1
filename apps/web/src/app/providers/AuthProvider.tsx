import type { LoginResponse, MeResponse, User } from '@atrium/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, onSessionExpired } from '@/lib/api';
import { clearToken, getToken, setToken, TOKEN_KEY } from '@/lib/token';
import { AuthContext, type AuthContextValue, type AuthStatus, type SignOutReason } from './auth-context';

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

  const endSession = useCallback(
    (reason: SignOutReason) => {
      clearToken();
      // The next user must not see the previous user's cached data.
      queryClient.clear();
      setSession(signedOut(reason));
    },
    [queryClient],
  );

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    api.get<MeResponse>('/auth/me').then(
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
      const { token, user } = await api.post<LoginResponse>('/auth/login', { email, password });
      setToken(token);
      queryClient.clear();
      setSession({ user, status: 'authenticated', signOutReason: null });
      return user;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    if (getToken()) {
      try {
        await api.post('/auth/logout');
      } catch {
        // The session is forgotten here either way; the server's copy expires on its own.
      }
    }
    endSession('logout');
    await navigate('/login', { replace: true });
  }, [endSession, navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.user,
      status: session.status,
      isAdmin: session.user?.role === 'admin',
      signOutReason: session.signOutReason,
      login,
      logout,
      endSession,
    }),
    [session, login, logout, endSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
