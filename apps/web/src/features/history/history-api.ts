import type { HistoryResponse } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The reader's summaries, newest first; `q` matches title or author. */
export function fetchHistory(q: string, signal: AbortSignal): Promise<HistoryResponse> {
  const query = q ? new URLSearchParams({ q }) : undefined;
  return apiCall(ENDPOINTS.summaries.history, { query, signal });
}

/** One search of the history; the last list stays on screen while the next one loads. */
export function historyQuery(q: string) {
  return queryOptions({
    queryKey: queryKeys.history(q),
    queryFn: ({ signal }) => fetchHistory(q, signal),
    placeholderData: keepPreviousData,
  });
}
