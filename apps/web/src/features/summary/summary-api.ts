import type { FeedbackRequest, Language, Summary, SummaryPreview, TranslationEvent } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  ApiError,
  apiCall,
  apiCallFile,
  apiCallStream,
  NETWORK_ERROR,
  type ApiFile,
} from '../../lib/api-client';
import { authClient } from '../../lib/auth/auth-client';
import { feedbackSent, summaryOpened } from '../../lib/invalidation';
import { keptSummary } from '../../lib/offline/kept-summaries';
import { queryKeys } from '../../lib/query-keys';

const api = ENDPOINTS.summaries;

/** The summary; opening it also records it in the reader's history. */
export function fetchSummary(id: string, signal: AbortSignal): Promise<Summary> {
  return apiCall(api.get, { params: { id }, signal });
}

/** Whether `error` means no answer came at all (offline). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === NETWORK_ERROR;
}

/**
 * `fallback` when `load` got no answer at all and the reader kept a copy on this device (ADR
 * 0032); otherwise `load`'s answer or error.
 */
export async function orKeptCopy<T>(load: () => Promise<T>, fallback: (owner: string) => Promise<T | null>) {
  try {
    return await load();
  } catch (error) {
    const owner = authClient.currentSession()?.user.id;
    const kept = owner && isNetworkError(error) ? await fallback(owner).catch(() => null) : null;
    if (kept) return kept;
    throw error;
  }
}

/**
 * One summary; reading it records the visit in the reader's history, which is read again.
 * Offline, the copy the reader kept on this device (tried at once: the query does not wait for
 * the network to come back).
 */
export function summaryQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.summary(id),
    queryFn: ({ signal, client }) =>
      orKeptCopy(
        async () => {
          const summary = await fetchSummary(id, signal);
          summaryOpened(client);
          return summary;
        },
        (owner) => keptSummary(owner, id),
      ),
    networkMode: 'always',
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
