/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** The message the page sends when the reader accepts the new version (workbox-window's messageSkipWaiting). */
const SKIP_WAITING = 'SKIP_WAITING';

/** The app's page: every client route renders from it (the server answers the same for them). */
const APP_PAGE = 'index.html';

/**
 * The app shell: the build's files precached (the pages' scripts, styles, icons and sounds); a
 * page asked for goes to the network as before (the prerendered public pages, a shared summary's
 * link preview), and only when the network fails gets the cached app page, which then opens the
 * summaries kept on this device. API calls are not touched. A new version waits, installed, until
 * the page asks it to take over (the reader's 'Reload', never mid-generation).
 */
export function registerAppShell(
  scope: ServiceWorkerGlobalScope,
  precache: readonly (PrecacheEntry | string)[],
): void {
  precacheAndRoute([...precache]);
  cleanupOutdatedCaches();

  registerRoute(
    new NavigationRoute(async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const page = await matchPrecache(APP_PAGE);
        if (page) return page;
        throw error;
      }
    }),
  );

  scope.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && 'type' in data && data.type === SKIP_WAITING) {
      void scope.skipWaiting();
    }
  });
}
