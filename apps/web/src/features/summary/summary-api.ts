import type { FeedbackRequest, Summary, Usage } from '@summa/shared';
import { apiRequest } from '../../lib/api-client';

/** `GET /api/summaries/:id`: the summary; opening it also records it in the reader's history. */
export function fetchSummary(id: string, signal: AbortSignal): Promise<Summary> {
  return apiRequest<Summary>(`/api/summaries/${encodeURIComponent(id)}`, { signal });
}

/** `POST /api/summaries/:id/feedback`: the reader's one rating (409 FEEDBACK_ALREADY_GIVEN after). */
export function sendFeedback(id: string, feedback: FeedbackRequest): Promise<void> {
  return apiRequest<undefined>(`/api/summaries/${encodeURIComponent(id)}/feedback`, {
    method: 'POST',
    body: feedback,
  });
}

/** `GET /api/me/usage`: this month's usage, read here for the reader's plan. */
export function fetchUsage(signal: AbortSignal): Promise<Usage> {
  return apiRequest<Usage>('/api/me/usage', { signal });
}
