import { Workbox } from 'workbox-window';
import { logWarning } from '../logger';
import { whenStreamsIdle } from '../running-streams';

/** The service worker's address: the app build's sw.js (vite-plugin-pwa, ADR 0036). */
const SERVICE_WORKER_URL = '/sw.js';
/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<() => void>();

function setWaiting(next: boolean): void {
  waiting = next;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker (in a production build, where the browser has them). A new
 * version installs in the background and waits: `updateWaiting()` turns true, and the prompt
 * asks the reader to reload.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || workbox) return;
  const registering = new Workbox(SERVICE_WORKER_URL);
  workbox = registering;
  registering.addEventListener('waiting', () => setWaiting(true));
  // The new version took over (accepted here or in another tab): the page reloads onto it, once
  // no stream of this tab is open.
  registering.addEventListener('controlling', (event) => {
    if (event.isUpdate) void whenStreamsIdle().then(() => window.location.reload());
  });
  // A browser can refuse service workers (a private window, a policy): the app then runs as a
  // page, without offline copies or update prompts.
  registering
    .register()
    .then(() => {
      window.setInterval(() => void registering.update(), UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => logWarning('the service worker could not be registered', error));
}

export function updateWaiting(): boolean {
  return waiting;
}

/** For useSyncExternalStore. */
export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The reader accepted the new version: once no generation, translation or narration stream is
 * open (never mid-generation), the waiting worker takes over and the page reloads onto it.
 */
export async function applyUpdate(): Promise<void> {
  await whenStreamsIdle();
  workbox?.messageSkipWaiting();
}

/** The reader said 'Later': the prompt comes back with the next new version or visit. */
export function dismissUpdate(): void {
  setWaiting(false);
}
