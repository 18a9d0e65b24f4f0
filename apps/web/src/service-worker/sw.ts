/**
 * The app's service worker (ADR 0036), built by vite-plugin-pwa's injectManifest into /sw.js with
 * its Workbox modules bundled (the CSP allows no other origin's scripts). Each part registers its
 * own handlers on the worker's scope; a new part is one import and one call here.
 */
/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';
import { registerAppShell } from './app-shell';
import { registerPushHandlers } from './push';

/** vite-plugin-pwa writes the build's files and their revisions in place of `self.__WB_MANIFEST`. */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

registerAppShell(self, self.__WB_MANIFEST);
registerPushHandlers(self);
