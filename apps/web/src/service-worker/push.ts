import { z } from 'zod';

/**
 * What a reminder's push message carries (the server's RemindersService.pushTo): the notification's
 * title and text, the page it opens, and a tag so that a new reminder replaces an unread one.
 */
const reminderPushSchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(500),
  url: z.string().max(2_000),
  tag: z.string().max(100),
});

/** The parts of a push event the handlers read (the webworker lib's PushEvent has them). */
interface PushEventLike {
  readonly data: { json(): unknown } | null;
  waitUntil(promise: Promise<unknown>): void;
}

interface NotificationClickEventLike {
  readonly notification: { close(): void; readonly data: unknown };
  waitUntil(promise: Promise<unknown>): void;
}

interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/**
 * The parts of the service worker's global scope the handlers use. The webworker lib's
 * ServiceWorkerGlobalScope has them, so sw.ts passes `self` as it is.
 */
export interface PushHandlerScope {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
}

/** The page to open: the message's, when it is on this origin; else the app's home. */
function pageOf(scope: PushHandlerScope, url: unknown): string {
  try {
    const page = new URL(typeof url === 'string' ? url : '/home', scope.location.origin);
    return page.origin === scope.location.origin ? page.href : new URL('/home', scope.location.origin).href;
  } catch {
    return new URL('/home', scope.location.origin).href;
  }
}

/**
 * The daily reminder's notification (issue 27): `push` shows it, a click opens (or focuses) the
 * app at the suggested book. A message of another shape shows nothing.
 */
export function registerPushHandlers(scope: PushHandlerScope): void {
  scope.addEventListener('push', (event) => {
    let payload: unknown;
    try {
      payload = event.data?.json();
    } catch {
      return;
    }
    const message = reminderPushSchema.safeParse(payload);
    if (!message.success) return;
    const { title, body, url, tag } = message.data;
    event.waitUntil(
      scope.registration.showNotification(title, {
        body,
        tag,
        icon: '/favicon.svg',
        data: { url: pageOf(scope, url) },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    const url = pageOf(
      scope,
      typeof data === 'object' && data !== null && 'url' in data ? data.url : undefined,
    );
    event.waitUntil(
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
        const open = windows[0];
        if (!open) return scope.clients.openWindow(url);
        await open.navigate(url);
        return open.focus();
      }),
    );
  });
}
