import { useEffect, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState } from './auth-context';
import { setLanguage } from '../i18n';
import { authClient, type AuthClient } from './auth-client';

interface AuthProviderProps {
  children: ReactNode;
  /** The app's client unless a test brings its own. */
  client?: AuthClient;
}

/**
 * Follows the auth client's events and runs its refresh tick while the app is mounted; a sign-in
 * switches the interface to the account's preferred language.
 */
export function AuthProvider({ children, client = authClient }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>(() => {
    const session = client.currentSession();
    return { session, user: session?.user ?? null, loading: true };
  });

  useEffect(() => {
    client.start();
    const subscription = client.onAuthStateChange((event, session) => {
      // The account's language wins over the browser's and the visitor's choice once signed in
      // (a password reset signs in too); the header's switcher saves later changes to it.
      if ((event === 'SIGNED_IN' || event === 'PASSWORD_RECOVERY') && session) {
        setLanguage(session.user.preferred_language);
      }
      setState({ session, user: session?.user ?? null, loading: false });
    });
    return () => {
      subscription.unsubscribe();
      client.stop();
    };
  }, [client]);

  return <AuthContext value={state}>{children}</AuthContext>;
}
