import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach its server: the browser says it has a network, and the last API call
 * got an answer (api-client.ts reports each one). A network with the server out of reach (a
 * captive portal, a dead Wi-Fi, the server down) counts as offline until an answer comes again.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Called by the API client after each request: `answered` false when no answer came at all. */
export function reportServerReached(answered: boolean): void {
  if (unreachable === !answered) return;
  unreachable = !answered;
  notify();
}

export function isOnline(): boolean {
  return navigator.onLine && !unreachable;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** `isOnline()`, followed: false while surely offline or out of the server's reach. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
