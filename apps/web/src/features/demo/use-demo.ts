import type { DemoResponse } from '@summa/shared';
import type { Language } from '@summa/shared/languages';
import { useCallback, useEffect, useState } from 'react';
import { fetchDemo, NARRATION_POLL_MS } from './demo-api';

export interface DemoState {
  /** The last answer in the language; undefined until the first arrives. */
  demo: DemoResponse | undefined;
  /** The last request failed (an earlier answer, if any, is still `demo`). */
  failed: boolean;
  /** Asks again: after a failure, or for fresh signed addresses after a playback failure. */
  refresh: () => void;
}

/**
 * The demo in `language`, asked again every few seconds while its narration is being made. A
 * plain hook rather than the app's query client: the prerendered /demo's narration island uses
 * it without the app (ADR 0027), and the app's /demo page shares it. Its signed audio addresses
 * expire, so it is never refreshed behind a listener's back.
 */
export function useDemo(language: Language): DemoState {
  const [state, setState] = useState<{ language: Language; demo?: DemoResponse; failed: boolean }>({
    language,
    failed: false,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    let poll: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      fetchDemo(language, controller.signal).then(
        (demo) => {
          if (controller.signal.aborted) return;
          setState({ language, demo, failed: false });
          if (!demo.audio) poll = setTimeout(ask, NARRATION_POLL_MS);
        },
        () => {
          if (controller.signal.aborted) return;
          setState((previous) =>
            previous.language === language ? { ...previous, failed: true } : { language, failed: true },
          );
        },
      );
    };
    ask();
    return () => {
      controller.abort();
      clearTimeout(poll);
    };
  }, [language, round]);
  const refresh = useCallback(() => setRound((value) => value + 1), []);
  const current = state.language === language;
  return { demo: current ? state.demo : undefined, failed: current && state.failed, refresh };
}
