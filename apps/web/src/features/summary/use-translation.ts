import { STEP_PERCENT, type Language, type Summary } from '@summa/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { withProgress, type GenerationState } from '../../components/generation/generation-state';
import { ApiError } from '../../lib/api-client';
import { summaryTranslated } from '../../lib/invalidation';
import { logWarning } from '../../lib/logger';
import { streamTranslation } from './summary-api';

export interface TranslationCallbacks {
  /** The translated summary exists (translated now, or found stored). */
  onDone(summaryId: string): void;
  /** The server says the reader is not on Premium (their plan changed since the page loaded). */
  onPremiumRequired(): void;
  /** It failed: `message` is the server's, in the reader's language, when it sent one. */
  onFailed(code: string, message: string): void;
}

/** As after a generation (spec §4): the finished overlay shows a moment before the page changes. */
export const TRANSLATION_DONE_DELAY_MS = 200;

/** Runs one translation at a time over the streaming API, with a generation's progress state. */
export function useTranslationRun(callbacks: TranslationCallbacks) {
  const client = useQueryClient();
  const [state, setState] = useState<GenerationState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  useEffect(
    () => () => {
      controller.current?.abort();
      window.clearTimeout(timer.current);
    },
    [],
  );

  const start = useCallback(
    (summary: Summary, language: Language) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const request = { bookTitle: summary.title, bookAuthor: summary.author, language };
      setState({ phase: 'running', request, step: 'resolve', percent: STEP_PERCENT.resolve, sections: [] });
      let finished = false;
      const fail = (code: string, message: string) => {
        finished = true;
        setState({ phase: 'idle' });
        latest.current.onFailed(code, message);
      };

      streamTranslation(summary.id, language, current.signal, (event) => {
        if (event.type === 'done') {
          finished = true;
          summaryTranslated(client);
          setState((previous) =>
            previous.phase === 'running' ? { ...previous, step: 'done', percent: 100 } : previous,
          );
          timer.current = window.setTimeout(() => {
            setState({ phase: 'idle' });
            latest.current.onDone(event.summaryId);
          }, TRANSLATION_DONE_DELAY_MS);
        } else if (event.type === 'error') {
          fail(event.code, event.message);
        } else {
          setState((previous) => withProgress(previous, event));
        }
      })
        .then(() => {
          if (!finished && !current.signal.aborted) fail('TRANSLATION_FAILED', '');
        })
        .catch((error: unknown) => {
          if (current.signal.aborted) return;
          if (error instanceof ApiError && error.code === 'PREMIUM_REQUIRED') {
            setState({ phase: 'idle' });
            latest.current.onPremiumRequired();
            return;
          }
          logWarning('summary translation failed', error);
          const apiError = error instanceof ApiError ? error : undefined;
          fail(apiError?.code ?? 'TRANSLATION_FAILED', apiError?.message ?? '');
        });
    },
    [client],
  );

  /** Stops waiting; the server stops the model when nobody else waits for the same translation. */
  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel };
}
