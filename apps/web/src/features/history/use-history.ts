import type { HistoryResponse } from '@summa/shared';
import { useCallback, useEffect, useState } from 'react';
import { fetchHistory } from './history-api';

export type HistoryState =
  | { status: 'loading'; data: HistoryResponse | undefined }
  | { status: 'ready'; data: HistoryResponse }
  | { status: 'error'; data: HistoryResponse | undefined };

interface Settled {
  key: string;
  data?: HistoryResponse;
  failed: boolean;
}

/**
 * The history for the search `q`, loaded again when `q` changes or on `retry`. A newer search
 * aborts the older one, and the last list stays on screen while the next one loads.
 */
export function useHistory(q: string) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const [last, setLast] = useState<HistoryResponse | undefined>(undefined);
  const key = `${q}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchHistory(q, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setSettled({ key, data, failed: false });
        setLast(data);
      },
      () => {
        if (!controller.signal.aborted) setSettled({ key, failed: true });
      },
    );
    return () => controller.abort();
  }, [q, key]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);

  let state: HistoryState;
  if (settled?.key !== key) state = { status: 'loading', data: last };
  else if (settled.failed || !settled.data) state = { status: 'error', data: last };
  else state = { status: 'ready', data: settled.data };
  return { state, retry };
}
