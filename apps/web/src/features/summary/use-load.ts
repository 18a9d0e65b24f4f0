import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/**
 * Loads what `key` names, again when it changes or on `retry`, aborting the previous load so a late
 * answer never replaces a newer one.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${key}#${attempt}`;
  const [settled, setSettled] = useState<{ key: string; result: Loaded<T> } | null>(null);
  const start = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key: requestKey, result: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key: requestKey, result: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [requestKey]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);

  const result: Loaded<T> = settled?.key === requestKey ? settled.result : { status: 'loading' };
  return { result, retry };
}
