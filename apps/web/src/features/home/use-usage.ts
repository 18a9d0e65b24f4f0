import { FREE_PLAN_LIMITS, type Usage } from '@summa/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { logWarning } from '../../lib/logger';
import { usageQuery } from '../../lib/usage-api';
import { readUsageMirror, writeUsageMirror } from './usage-mirror';

/**
 * This month's usage: the local mirror at once, then the server's numbers (the usage query, which
 * a generation's answer updates: invalidation.ts), stored in the mirror as they come.
 */
export function useUsage(userId: string | undefined) {
  const query = useQuery({ ...usageQuery(), enabled: userId !== undefined });
  const mirrored = useMemo<Usage | null>(() => {
    if (!userId) return null;
    return {
      plan: 'free',
      ...readUsageMirror(userId),
      summariesLimit: FREE_PLAN_LIMITS.summariesPerMonth,
      audiosLimit: FREE_PLAN_LIMITS.audiosPerMonth,
    };
  }, [userId]);
  const { data, error } = query;

  useEffect(() => {
    if (userId && data) writeUsageMirror(userId, data);
  }, [userId, data]);
  useEffect(() => {
    if (error) logWarning('usage could not be loaded', error);
  }, [error]);

  return { usage: userId ? (data ?? mirrored) : null, loaded: query.isSuccess };
}
