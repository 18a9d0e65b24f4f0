import type { Audio, AudioEvent, Language, ListeningResult } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, apiCallStream } from '../../../lib/api-client';
import { keptNarration } from '../../../lib/offline/kept-summaries';
import { queryKeys } from '../../../lib/query-keys';
import { orKeptCopy } from '../summary-api';

const api = ENDPOINTS.audio;

/** The stored narration, or null when none was made yet. */
export async function fetchAudio(
  summaryId: string,
  language: Language,
  signal: AbortSignal,
): Promise<Audio | null> {
  const query = new URLSearchParams({ language });
  const stored = await apiCall(api.get, { params: { id: summaryId }, query, signal });
  return stored.audio;
}

/** The stored narration of a summary in a language, or null when none was made yet. */
export function narrationQuery(summaryId: string, language: Language) {
  return queryOptions({
    queryKey: queryKeys.narration(summaryId, language),
    // Offline: the narration kept on this device, if the reader kept it (ADR 0036).
    queryFn: ({ signal }) =>
      orKeptCopy(
        () => fetchAudio(summaryId, language, signal),
        (owner) => keptNarration(owner, summaryId, language),
      ),
    networkMode: 'always',
    // Its file addresses are signed and expire: read again whenever the player is shown, but
    // never behind a playing reader's back (the player asks itself before they expire).
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * The narration made as a stream: its plan, each part as it is stored, then `done` or `error`.
 * Rejects with an ApiError when the server refuses before streaming (the plan's limit, say).
 */
export function streamAudio(
  summaryId: string,
  language: Language,
  signal: AbortSignal,
  onEvent: (event: AudioEvent) => void,
): Promise<void> {
  return apiCallStream(api.prepare, { params: { id: summaryId }, body: { language }, signal }, onEvent);
}

/** Seconds of the narration listened to since the last report (the daily goal's listening). */
export function reportListening(summaryId: string, seconds: number): Promise<ListeningResult> {
  return apiCall(api.listened, { params: { id: summaryId }, body: { seconds } });
}
