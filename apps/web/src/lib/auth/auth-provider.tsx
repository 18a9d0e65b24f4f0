import { useEffect, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState } from './auth-context';
import { authClient, type AuthClient } from './auth-client';

interface AuthProviderProps {
  children: ReactNode;
  /** The app's client unless a test brings its own. */
  client?: AuthClient;
}

/** Follows the auth client's events and runs its refresh tick while the app is mounted. */
export function AuthProvider({ children, client = authClient }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>(() => {
    const session = client.currentSession();
    return { session, user: session?.user ?? null, loading: true };
  });

  useEffect(() => {
    client.start();
    const subscription = client.onAuthStateChange((_event, session) => {
      setState({ session, user: session?.user ?? null, loading: false });
    });
    return () => {
      subscription.unsubscribe();
      client.stop();
    };
  }, [client]);

  return <AuthContext value={state}>{children}</AuthContext>;
}
