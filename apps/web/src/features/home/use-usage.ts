import { FREE_PLAN_LIMITS, type Usage } from '@summa/shared';
import { useCallback, useEffect, useState } from 'react';
import { logWarning } from '../../lib/logger';
import { fetchUsage } from '../../lib/usage-api';
import { readUsageMirror, writeUsageMirror } from './usage-mirror';

/**
 * This month's usage: the local mirror at once, then the server's numbers. `update` takes the
 * usage a generation answered with.
 */
export function useUsage(userId: string | undefined) {
  const [usage, setUsage] = useState<Usage | null>(() => {
    if (!userId) return null;
    const mirror = readUsageMirror(userId);
    return {
      plan: 'free',
      ...mirror,
      summariesLimit: FREE_PLAN_LIMITS.summariesPerMonth,
      audiosLimit: FREE_PLAN_LIMITS.audiosPerMonth,
    };
  });
  const [loaded, setLoaded] = useState(false);

  const update = useCallback(
    (next: Usage) => {
      setUsage(next);
      if (userId) writeUsageMirror(userId, next);
    },
    [userId],
  );

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    fetchUsage(controller.signal)
      .then((next) => {
        update(next);
        setLoaded(true);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) logWarning('usage could not be loaded', error);
      });
    return () => controller.abort();
  }, [userId, update]);

  return { usage, loaded, update };
}
