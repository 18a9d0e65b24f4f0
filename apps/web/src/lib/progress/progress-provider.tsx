import type { MeResponse, Profile, ReaderProgress } from '@summa/shared';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/use-auth';
import { fetchMe, updateProfile } from '../gamification-api';
import { logWarning } from '../logger';
import { useResource } from '../use-resource';
import { ReaderProgressContext, type ReaderProgressState } from './progress-context';
import { XpFeedbackProvider } from './xp-feedback-provider';

/** The browser's time zone, sent once so that streak days follow the reader's calendar. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

async function loadMe(signal: AbortSignal): Promise<MeResponse> {
  const me = await fetchMe(signal);
  const timeZone = browserTimeZone();
  if (me.profile.timeZone !== null || !timeZone) return me;
  try {
    const { profile } = await updateProfile({ timeZone });
    return { ...me, profile };
  } catch (error) {
    logWarning('could not store the time zone', error);
    return me;
  }
}

/**
 * Loads the signed-in reader's profile and progress once per session; visitors get nothing. It
 * also holds the XP feedback (level-up notice, celebrations) that `XpFeedbackHost` shows.
 */
export function ReaderProgressProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const resource = useResource(`me:${userId ?? ''}`, (signal) =>
    userId ? loadMe(signal) : Promise.resolve(null),
  );
  // Answers the server gave since the last load (settings saved, XP awarded), for this user only.
  const [override, setOverride] = useState<{ userId: string; me: MeResponse } | null>(null);
  const loaded = resource.data ?? null;
  const me = override && override.userId === userId ? override.me : loaded;
  const { retry } = resource;

  const refresh = useCallback(() => {
    setOverride(null);
    retry();
  }, [retry]);
  const setProfile = useCallback(
    (profile: Profile) => {
      if (userId && me) setOverride({ userId, me: { ...me, profile } });
    },
    [userId, me],
  );
  const setProgress = useCallback(
    (progress: ReaderProgress) => {
      if (userId && me) setOverride({ userId, me: { ...me, progress } });
    },
    [userId, me],
  );

  const value = useMemo<ReaderProgressState>(() => {
    const status = !userId ? 'signed-out' : me ? 'ready' : resource.status === 'error' ? 'error' : 'loading';
    return { me: userId ? me : null, status, refresh, setProfile, setProgress };
  }, [userId, me, resource.status, refresh, setProfile, setProgress]);

  return (
    <ReaderProgressContext.Provider value={value}>
      <XpFeedbackProvider>{children}</XpFeedbackProvider>
    </ReaderProgressContext.Provider>
  );
}
