import type { Action, User } from '@atrium/contract';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

/** Why the user is signed out: the guard only remembers the page when the user did not choose to leave. */
export type SignOutReason = 'logout' | 'expired' | 'ended';

export interface AuthContextValue {
  user: User | null;
  status: AuthStatus;
  /** Whether the signed-in person may do an action at all: the contract's policy table, as the server enforces it. */
  can: (action: Action) => boolean;
  /** The admin role; prefer `can(action)`, which follows the policy table when roles are added. */
  isAdmin: boolean;
  signOutReason: SignOutReason | null;
  login: (email: string, password: string) => Promise<User>;
  /** Takes up the session single sign-on opened (its refresh cookie): this page gets a token. */
  adoptSession: () => Promise<User>;
  /** Ends the session on the server (when a token is held), forgets it here and goes to /login. */
  logout: () => Promise<void>;
  /** Forgets the session here only: the server has already ended it. */
  endSession: (reason: SignOutReason) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
