import {
  audioEventSchema,
  storedAudioResponseSchema,
  type Audio,
  type AudioEvent,
  type Language,
} from '@summa/shared';
import { apiEventStream, apiRequest } from '../../../lib/api-client';

const audioPath = (summaryId: string) => `/api/summaries/${encodeURIComponent(summaryId)}/audio`;

/** `GET /api/summaries/:id/audio`: the stored narration, or null when none was made yet. */
export async function fetchAudio(
  summaryId: string,
  language: Language,
  signal: AbortSignal,
): Promise<Audio | null> {
  const stored = await apiRequest(`${audioPath(summaryId)}?language=${language}`, storedAudioResponseSchema, {
    signal,
  });
  return stored.audio;
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
