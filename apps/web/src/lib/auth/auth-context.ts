import type { AuthUser, Session } from '@summa/shared';
import { createContext } from 'react';

export interface AuthState {
  session: Session | null;
  user: AuthUser | null;
  /** True until the stored session has been checked (INITIAL_SESSION). */
  loading: boolean;
}

export const AuthContext = createContext<AuthState | null>(null);
