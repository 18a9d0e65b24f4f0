import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { authClient, type AuthClient } from './auth/auth-client';
import { queryClient } from './query-client';

/**
 * Clears every answer when the signed-in reader changes (sign-out, or another account signed in
 * here or in another tab), so that nothing one reader loaded is shown to the next.
 */
export function clearOnReaderChange(client: QueryClient, auth: AuthClient): () => void {
  let reader = auth.currentSession()?.user.id ?? null;
  const subscription = auth.onAuthStateChange((_event, session) => {
    const next = session?.user.id ?? null;
    if (next === reader) return;
    reader = next;
    client.clear();
  });
  return () => subscription.unsubscribe();
}

interface QueryProviderProps {
  children: ReactNode;
  /** The app's client and auth client unless a test brings its own. */
  client?: QueryClient;
  auth?: AuthClient;
}

/** The app's server state (TanStack Query), for one reader at a time. */
export function QueryProvider({ children, client = queryClient, auth = authClient }: QueryProviderProps) {
  useEffect(() => clearOnReaderChange(client, auth), [client, auth]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
