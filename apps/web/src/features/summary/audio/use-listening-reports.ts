import { LISTENING_REPORT_MAX_SECONDS } from '@summa/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { listeningCounted } from '../../../lib/invalidation';
import { logWarning } from '../../../lib/logger';
import { reportListening } from './audio-api';

/** How often a playing narration reports its listening (the server allows up to a minute). */
const REPORT_EVERY_MS = 15_000;

/**
 * Reports the time a narration plays, for the daily goal's listening (ADR 0033): every 15 s
 * while it plays, and what is left when it stops or the player goes. The server counts only what
 * it can check (the time since the last report, the narration's length a day), so a lost report
 * is not sent again. Returns the callback the player tells when it starts or stops playing.
 */
export function useListeningReports(summaryId: string): (playing: boolean) => void {
  const client = useQueryClient();
  const since = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const flush = useCallback(() => {
    if (since.current === null) return;
    const now = performance.now();
    const seconds = Math.min(LISTENING_REPORT_MAX_SECONDS, Math.round((now - since.current) / 1000));
    if (seconds < 1) return;
    since.current = now;
    reportListening(summaryId, seconds).then(
      (result) => listeningCounted(client, result.progress),
      (error: unknown) => logWarning('a listening report was not counted', error),
    );
  }, [client, summaryId]);

  const stop = useCallback(() => {
    flush();
    since.current = null;
    clearInterval(timer.current);
  }, [flush]);

  useEffect(() => stop, [stop]);

  return useCallback(
    (playing: boolean) => {
      if (!playing) {
        stop();
        return;
      }
      if (since.current !== null) return;
      since.current = performance.now();
      timer.current = setInterval(flush, REPORT_EVERY_MS);
    },
    [flush, stop],
  );
}
