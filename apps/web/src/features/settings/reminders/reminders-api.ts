import { pushSubscriptionSchema, type ReminderSettings, type ReminderState } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const api = ENDPOINTS.reminders;

/** The reader's daily reminder. */
export function remindersQuery() {
  return queryOptions({
    queryKey: queryKeys.reminders,
    queryFn: ({ signal }): Promise<ReminderState> => apiCall(api.get, { signal }),
  });
}

export function saveReminders(body: ReminderSettings): Promise<ReminderState> {
  return apiCall(api.save, { body });
}

/**
 * Subscribes this browser to push through its service worker (VAPID, the server's key) and gives
 * the subscription to the server.
 */
export async function subscribeBrowser(registration: ServiceWorkerRegistration): Promise<void> {
  const { publicKey } = await apiCall(api.pushKey, {});
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  await apiCall(api.subscribePush, { body: pushSubscriptionSchema.parse(subscription.toJSON()) });
}

/** Stops push in this browser: the server forgets it, then the browser unsubscribes. */
export async function unsubscribeBrowser(subscription: PushSubscription): Promise<void> {
  await apiCall(api.unsubscribePush, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
