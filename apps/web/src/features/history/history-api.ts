import { historyResponseSchema, type HistoryResponse } from '@summa/shared';
import { apiRequest } from '../../lib/api-client';

/** `GET /api/history?q=`: the reader's summaries, newest first; `q` matches title or author. */
export function fetchHistory(q: string, signal: AbortSignal): Promise<HistoryResponse> {
  const query = q ? `?${new URLSearchParams({ q }).toString()}` : '';
  return apiRequest(`/api/history${query}`, historyResponseSchema, { signal });
}
