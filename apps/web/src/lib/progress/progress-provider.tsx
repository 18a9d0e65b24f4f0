import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useAuth } from '../auth/use-auth';
import { meQuery } from '../gamification-api';
import { queryView } from '../query-client';
import { ReaderProgressContext, type ReaderProgressState } from './progress-context';
import { XpFeedbackProvider } from './xp-feedback-provider';

/**
 * The signed-in reader's profile and progress (the `me` query: changes update it, see
 * invalidation.ts); visitors get nothing. It also holds the XP feedback (level-up notice,
 * celebrations) that `XpFeedbackHost` shows.
 */
export function ReaderProgressProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const signedIn = user !== null;
  const query = useQuery({ ...meQuery(), enabled: signedIn });
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const me = signedIn ? (query.data ?? null) : null;
  const view = queryView(query);

  const value = useMemo<ReaderProgressState>(() => {
    const status = !signedIn ? 'signed-out' : me ? 'ready' : view === 'error' ? 'error' : 'loading';
    return { me, status, retry };
  }, [signedIn, me, view, retry]);

  return (
    <ReaderProgressContext.Provider value={value}>
      <XpFeedbackProvider>{children}</XpFeedbackProvider>
    </ReaderProgressContext.Provider>
  );
}
