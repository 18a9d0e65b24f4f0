import { abortedError } from './errors.js';

// Waiting for the one model: for a turn on its context sequence, and for a load or a grammar that
// several requests share. A request that aborts while it waits leaves at once.
//
// A library queue (p-limit, p-queue) runs a function per task; here a turn is held across the
// yields of a stream the caller drives, and a waiter must leave the line when its request aborts.

/** Ends the holder's turn; a second call does nothing. */
export type ReleaseTurn = () => void;

export interface TurnQueue {
  /** Resolves when it is this request's turn; rejects with LlmError('aborted') if its signal aborts first. */
  acquire(signal: AbortSignal): Promise<ReleaseTurn>;
}

/** A FIFO of turns on the one context sequence; a waiter whose request aborts leaves the line. */
export function createTurnQueue(): TurnQueue {
  let busy = false;
  const waiting: Array<() => void> = [];
  const next = () => {
    const grant = waiting.shift();
    if (grant) grant();
    else busy = false;
  };
  const releaser = (): ReleaseTurn => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      next();
    };
  };
  return {
    acquire(signal) {
      if (signal.aborted) return Promise.reject(abortedError(signal));
      if (!busy) {
        busy = true;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const grant = () => {
          signal.removeEventListener('abort', onAbort);
          resolve(releaser());
        };
        const onAbort = () => {
          const index = waiting.indexOf(grant);
          if (index >= 0) waiting.splice(index, 1);
          reject(abortedError(signal));
        };
        waiting.push(grant);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

/** Waits for a shared promise, but gives up (without cancelling it) when this request aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortedError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}
