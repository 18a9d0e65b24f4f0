import { STEP_PERCENT, type GenerateSummaryRequest, type GenerationEvent, type Usage } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { useCallback, useEffect, useRef, useState } from 'react';
import { withProgress, type GenerationState } from '../../components/generation/generation-state';
import { apiCallStream, ApiError } from '../../lib/api-client';
import { logWarning } from '../../lib/logger';

export interface GenerationCallbacks {
  onDone(result: { summaryId: string; cached: boolean; usage: Usage }): void;
  /** Refused before it started (plan limit, signed out): the overlay closes at once. */
  onRefused(error: ApiError): void;
  /** Failed while it ran: the overlay shows `message` for ERROR_DISPLAY_MS, then this runs. */
  onFailed(code: string, message: string): void;
}

/** Spec §4: the error stays on screen 3 s before the overlay closes. */
export const ERROR_DISPLAY_MS = 3_000;
/** Spec §4: navigate to the summary about 200 ms after done. */
export const DONE_NAVIGATION_DELAY_MS = 200;

const REFUSALS = new Set(['SUMMARY_LIMIT_REACHED', 'UNAUTHORIZED', 'VALIDATION_ERROR', 'RATE_LIMITED']);

/** Runs one generation at a time over the streaming API and tracks its progress. */
export function useGeneration(callbacks: GenerationCallbacks) {
  const [state, setState] = useState<GenerationState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const timers = useRef<number[]>([]);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });

  const later = (run: () => void, ms: number) => {
    timers.current.push(window.setTimeout(run, ms));
  };

  useEffect(
    () => () => {
      controller.current?.abort();
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const fail = useCallback((request: GenerateSummaryRequest, code: string, message: string) => {
    setState({ phase: 'failed', request, code, message });
  }, []);

  // The error's 3 s count from when it is on screen, not from when it arrived: a busy phone can
  // take a moment to show it. A new start in the meantime ends the wait.
  useEffect(() => {
    if (state.phase !== 'failed') return;
    const { code, message } = state;
    const timer = window.setTimeout(() => {
      setState({ phase: 'idle' });
      latest.current.onFailed(code, message);
    }, ERROR_DISPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const start = useCallback(
    (request: GenerateSummaryRequest) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ phase: 'running', request, step: 'resolve', percent: STEP_PERCENT.resolve, sections: [] });
      let finished = false;

      const onEvent = (event: GenerationEvent) => {
        if (event.type === 'progress' || event.type === 'model' || event.type === 'section') {
          setState((previous) => withProgress(previous, event));
        } else if (event.type === 'done') {
          finished = true;
          setState((previous) =>
            previous.phase !== 'running' ? previous : { ...previous, step: 'done', percent: 100 },
          );
          later(() => {
            controller.current = null;
            setState({ phase: 'idle' });
            latest.current.onDone({ summaryId: event.summaryId, cached: event.cached, usage: event.usage });
          }, DONE_NAVIGATION_DELAY_MS);
        } else {
          finished = true;
          fail(request, event.code, event.message);
        }
      };

      apiCallStream(ENDPOINTS.summaries.generate, { body: request, signal: current.signal }, onEvent)
        .then(() => {
          if (!finished && !current.signal.aborted) fail(request, 'GENERATION_FAILED', '');
        })
        .catch((error: unknown) => {
          if (current.signal.aborted) return;
          const apiError = error instanceof ApiError ? error : new ApiError(0, 'GENERATION_FAILED', '');
          if (REFUSALS.has(apiError.code) || apiError.message.toLowerCase().includes('não autenticado')) {
            setState({ phase: 'idle' });
            latest.current.onRefused(apiError);
            return;
          }
          logWarning('summary generation failed', error);
          fail(request, apiError.code, apiError.message);
        });
    },
    [fail],
  );

  /** Stops waiting; the server aborts the model when nobody else waits for the same book. */
  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel };
}
