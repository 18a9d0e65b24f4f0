/**
 * How many event streams (a summary's generation, a translation, a narration being made) this
 * page is reading right now. A new version of the app waits for them: swapping the service worker
 * and reloading mid-stream would drop the reader's generation (ADR 0036).
 */
let open = 0;
const idleWaiters = new Set<() => void>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
  if (open > 0) return;
  for (const resolve of idleWaiters) resolve();
  idleWaiters.clear();
}

/** Runs `read` counted as an open stream, until it settles. */
export async function trackStream<T>(read: () => Promise<T>): Promise<T> {
  open += 1;
  changed();
  try {
    return await read();
  } finally {
    open -= 1;
    changed();
  }
}

export function streamsOpen(): number {
  return open;
}

/** Resolves once no stream is open (at once when none is). */
export function whenStreamsIdle(): Promise<void> {
  if (open === 0) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.add(resolve));
}

/** For useSyncExternalStore: `listener` runs whenever a stream opens or closes. */
export function subscribeToStreams(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
