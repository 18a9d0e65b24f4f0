import type { Usage } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { queryKeys } from './query-keys';

/** This month's usage and the reader's current plan (home, summary page, plans). */
export function fetchUsage(signal: AbortSignal): Promise<Usage> {
  return apiCall(ENDPOINTS.usage.get, { signal });
}

export function usageQuery() {
  return queryOptions({ queryKey: queryKeys.usage, queryFn: ({ signal }) => fetchUsage(signal) });
}
