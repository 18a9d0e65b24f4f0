import { useContext } from 'react';
import { AuthContext, type AuthState } from './auth-context';

/** The session, its user and whether the stored session is still being checked. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth needs an <AuthProvider> above it.');
  return state;
}
