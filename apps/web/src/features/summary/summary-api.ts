import type { FeedbackRequest, Language, Summary, SummaryPreview, TranslationEvent } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiCall, apiCallFile, apiCallStream, type ApiFile } from '../../lib/api-client';
import { feedbackSent, summaryOpened } from '../../lib/invalidation';
import { queryKeys } from '../../lib/query-keys';

const api = ENDPOINTS.summaries;

/** The summary; opening it also records it in the reader's history. */
export function fetchSummary(id: string, signal: AbortSignal): Promise<Summary> {
  return apiCall(api.get, { params: { id }, signal });
}

/** One summary; reading it records the visit in the reader's history, which is read again. */
export function summaryQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.summary(id),
    queryFn: async ({ signal, client }) => {
      const summary = await fetchSummary(id, signal);
      summaryOpened(client);
      return summary;
    },
  });
}

/** The reader's one rating (409 FEEDBACK_ALREADY_GIVEN after). */
export async function sendFeedback(id: string, feedback: FeedbackRequest): Promise<void> {
  await apiCall(api.feedback, { params: { id }, body: feedback });
}

/** `sendFeedback`, after which the summary carries the reader's feedback (invalidation.ts). */
export function useSendFeedback(): (id: string, feedback: FeedbackRequest) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (id: string, feedback: FeedbackRequest) => {
      await sendFeedback(id, feedback);
      feedbackSent(client, id, feedback);
    },
    [client],
  );
}

/** The summary as a PDF (Premium; 403 PREMIUM_REQUIRED on Free). */
export function downloadSummaryPdf(id: string): Promise<ApiFile> {
  return apiCallFile(api.pdf, { params: { id } });
}

/**
 * The translation as an event stream (Premium; 403 PREMIUM_REQUIRED on Free): its progress, then
 * `done` with the translated summary's id, or `error`.
 */
export function streamTranslation(
  id: string,
  language: Language,
  signal: AbortSignal,
  onEvent: (event: TranslationEvent) => void,
): Promise<void> {
  return apiCallStream(api.translate, { params: { id }, body: { language }, signal }, onEvent);
}

/** What anyone may see of a summary (a shared link opened before signing in); null when there is none. */
export async function fetchSummaryPreview(id: string): Promise<SummaryPreview | null> {
  try {
    return await apiCall(api.preview, { params: { id }, token: null });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
