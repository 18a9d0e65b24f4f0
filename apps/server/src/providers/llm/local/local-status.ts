import type { LlmErrorKind, LlmState, LlmStatus } from '../llm-provider.js';

/** A download's progress as node-llama-cpp reports it. */
export interface DownloadProgress {
  downloadedBytes: number;
  totalBytes: number;
}

/** What `status()` reports: the load's state, a download's progress, the last load's error; watchable. */
export interface LocalStatus {
  set(state: Exclude<LlmState, 'error' | 'downloading'>): void;
  failed(error: string, kind: LlmErrorKind): void;
  downloading(progress: DownloadProgress): void;
  current(): LlmStatus;
  /** Calls `listener` on every change until the returned function is called. */
  watch(listener: (status: LlmStatus) => void): () => void;
}

export function createLocalStatus(model: string, modelsDir: string): LocalStatus {
  let state: LlmState = 'idle';
  let download: DownloadProgress | undefined;
  let lastError: { message: string; kind: LlmErrorKind } | undefined;
  const listeners = new Set<(status: LlmStatus) => void>();
  const current = (): LlmStatus => ({
    provider: 'local',
    model,
    state,
    ...(state === 'downloading'
      ? {
          downloadProgress:
            download && download.totalBytes > 0 ? download.downloadedBytes / download.totalBytes : 0,
          ...(download ? { downloadedBytes: download.downloadedBytes, totalBytes: download.totalBytes } : {}),
        }
      : {}),
    ...(state === 'error' && lastError ? { error: lastError.message, errorKind: lastError.kind } : {}),
    modelsDir,
  });
  const changed = () => {
    const now = current();
    for (const listener of listeners) listener(now);
  };
  return {
    set(next) {
      state = next;
      lastError = undefined;
      download = undefined;
      changed();
    },
    failed(message, kind) {
      state = 'error';
      lastError = { message, kind };
      download = undefined;
      changed();
    },
    downloading(progress) {
      state = 'downloading';
      lastError = undefined;
      download = {
        downloadedBytes: Math.min(progress.downloadedBytes, progress.totalBytes),
        totalBytes: progress.totalBytes,
      };
      changed();
    },
    current,
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
