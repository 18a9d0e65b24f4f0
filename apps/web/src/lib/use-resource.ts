import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data: T | undefined }
  | { status: 'ready'; data: T }
  | { status: 'error'; data: T | undefined; error: unknown };

type Settled<T> = { key: string; failed: false; data: T } | { key: string; failed: true; error: unknown };

/**
 * The app's one keyed loader: loads whatever `key` names, again whenever it changes or on `retry`,
 * aborting the previous load so a slow answer never replaces a newer one. While a new key loads,
 * the last data stays available (a page may keep showing it, or show its skeleton).
 */
export function useResource<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): Resource<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [lastData, setLastData] = useState<T | undefined>(undefined);
  const requestKey = `${key}#${attempt}`;
  const start = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setSettled({ key: requestKey, data, failed: false });
        setLastData(data);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({ key: requestKey, error, failed: true });
      },
    );
    return () => controller.abort();
  }, [requestKey]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);

  if (settled?.key !== requestKey) return { status: 'loading', data: lastData, retry };
  if (settled.failed) return { status: 'error', data: lastData, error: settled.error, retry };
  return { status: 'ready', data: settled.data, retry };
}
