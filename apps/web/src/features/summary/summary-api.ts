import {
  noContentSchema,
  summarySchema,
  translationEventSchema,
  type FeedbackRequest,
  type Language,
  type Summary,
  type TranslateSummaryRequest,
  type TranslationEvent,
} from '@summa/shared';
import { apiEventStream, apiFile, apiRequest, type ApiFile } from '../../lib/api-client';

/** `GET /api/summaries/:id`: the summary; opening it also records it in the reader's history. */
export function fetchSummary(id: string, signal: AbortSignal): Promise<Summary> {
  return apiRequest(`/api/summaries/${encodeURIComponent(id)}`, summarySchema, { signal });
}

/** `POST /api/summaries/:id/feedback`: the reader's one rating (409 FEEDBACK_ALREADY_GIVEN after). */
export async function sendFeedback(id: string, feedback: FeedbackRequest): Promise<void> {
  await apiRequest(`/api/summaries/${encodeURIComponent(id)}/feedback`, noContentSchema, {
    method: 'POST',
    body: feedback,
  });
}

/** `GET /api/summaries/:id/pdf`: the summary as a PDF (Premium; 403 PREMIUM_REQUIRED on Free). */
export function downloadSummaryPdf(id: string): Promise<ApiFile> {
  return apiFile(`/api/summaries/${encodeURIComponent(id)}/pdf`, 'application/pdf');
}

/**
 * `POST /api/summaries/:id/translations` as an event stream (Premium; 403 PREMIUM_REQUIRED on
 * Free): the translation's progress, then `done` with the translated summary's id, or `error`.
 */
export function streamTranslation(
  id: string,
  language: Language,
  signal: AbortSignal,
  onEvent: (event: TranslationEvent) => void,
): Promise<void> {
  return apiEventStream(
    `/api/summaries/${encodeURIComponent(id)}/translations`,
    translationEventSchema,
    { body: { language } satisfies TranslateSummaryRequest, signal },
    onEvent,
  );
}
