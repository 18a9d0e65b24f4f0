import { audioEventSchema, audioSchema, type Audio, type AudioEvent, type Language } from '@summa/shared';
import { ApiError, apiEventStream, apiRequest } from '../../../lib/api-client';

const audioPath = (summaryId: string) => `/api/summaries/${encodeURIComponent(summaryId)}/audio`;

/** `GET /api/summaries/:id/audio`: the stored narration, or null when none was made yet. */
export async function fetchAudio(
  summaryId: string,
  language: Language,
  signal: AbortSignal,
): Promise<Audio | null> {
  try {
    return await apiRequest(`${audioPath(summaryId)}?language=${language}`, audioSchema, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'AUDIO_NOT_FOUND') return null;
    throw error;
  }
}

/**
 * `POST /api/summaries/:id/audio` as a stream: the narration's plan, each part as it is stored,
 * then `done` or `error`. Rejects with an ApiError when the server refuses before streaming
 * (the plan's limit, say).
 */
export function streamAudio(
  summaryId: string,
  language: Language,
  signal: AbortSignal,
  onEvent: (event: AudioEvent) => void,
): Promise<void> {
  return apiEventStream(
    audioPath(summaryId),
    audioEventSchema,
    { method: 'POST', body: { language }, signal },
    onEvent,
  );
}
