import type { AudioPart, Language } from '@summa/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { narrationMade } from '../../../lib/invalidation';
import { queryView } from '../../../lib/query-client';
import { narrationQuery, streamAudio } from './audio-api';

export type NarrationStatus = 'loading' | 'none' | 'preparing' | 'ready' | 'error';

export interface Narration {
  status: NarrationStatus;
  /** The parts stored so far, in order (all of them once ready). */
  parts: AudioPart[];
  /** How many parts the narration has; null until the server says. */
  totalParts: number | null;
  /** The error code of the last failure, when status is 'error'. */
  errorCode: string | null;
}

export interface NarrationHandlers {
  /** The plan's monthly limit was reached (403 AUDIO_LIMIT_REACHED). */
  onLimit: () => void;
  /** The narration could not be made; `code` names why. */
  onFailure: (code: string) => void;
  /** A narration this reader asked for has been made (the audio_generated XP event). */
  onMade?: () => void;
}

const LOADING: Narration = { status: 'loading', parts: [], totalParts: null, errorCode: null };
const NONE: Narration = { ...LOADING, status: 'none' };

/**
 * A summary's narration: the stored one (GET) at once, or `request()` to have it made, with parts
 * arriving one by one as the server stores them. `refresh()` fetches fresh signed URLs (they
 * expire after an hour).
 */
export function useNarration(summaryId: string, language: Language, handlers: NarrationHandlers) {
  const stored = useQuery(narrationQuery(summaryId, language));
  const client = useQueryClient();
  /** A narration this reader asked for, while and after it is made. */
  const [made, setMade] = useState<Narration | null>(null);
  const running = useRef<AbortController | null>(null);
  const latestHandlers = useRef(handlers);
  useEffect(() => {
    latestHandlers.current = handlers;
  });

  useEffect(() => () => running.current?.abort(), []);

  const request = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setMade({ status: 'preparing', parts: [], totalParts: null, errorCode: null });
    const fail = (code: string) => {
      setMade({ status: 'error', parts: [], totalParts: null, errorCode: code });
      if (code === 'AUDIO_LIMIT_REACHED') latestHandlers.current.onLimit();
      else latestHandlers.current.onFailure(code);
    };
    const stream = { ended: false };
    try {
      await streamAudio(summaryId, language, controller.signal, (event) => {
        stream.ended ||= event.type === 'done' || event.type === 'error';
        if (event.type === 'plan') {
          setMade((current) => current && { ...current, totalParts: event.totalParts });
        } else if (event.type === 'part') {
          setMade(
            (current) =>
              current && {
                ...current,
                parts: [...current.parts.filter((part) => part.part !== event.part.part), event.part].sort(
                  (a, b) => a.part - b.part,
                ),
              },
          );
        } else if (event.type === 'done') {
          setMade({ status: 'ready', parts: event.parts, totalParts: event.parts.length, errorCode: null });
          narrationMade(client, summaryId, language);
          latestHandlers.current.onMade?.();
        } else fail(event.code);
      });
      // The connection closed before the end: the narration did not finish for this reader.
      if (!stream.ended && !controller.signal.aborted) fail('AUDIO_FAILED');
    } catch (error) {
      if (controller.signal.aborted) return;
      fail(error instanceof ApiError ? error.code : 'AUDIO_FAILED');
    }
  };

  const refresh = () => {
    setMade(null);
    void stored.refetch();
  };

  const view = queryView(stored);
  let narration: Narration;
  if (made) narration = made;
  // Read on every mount and refresh (fresh signed addresses): loading meanwhile, as at first.
  else if (view === 'loading' || stored.isFetching) narration = LOADING;
  else if (view === 'ready' && stored.data) {
    narration = {
      status: 'ready',
      parts: stored.data.parts,
      totalParts: stored.data.parts.length,
      errorCode: null,
    };
  } else narration = NONE; // none yet, or it could not be read: offer to make it

  return { narration, request, refresh };
}
