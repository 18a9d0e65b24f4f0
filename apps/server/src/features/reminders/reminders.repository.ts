import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '@summa/shared';
import type { Database } from '../../db/database.js';
import {
  profiles,
  pushSubscriptions,
  reminderSends,
  reminderSettings,
  users,
} from '../../db/schema/index.js';

export interface StoredReminder {
  enabled: boolean;
  minute: number;
  days: number;
  timeZone: string;
}

export interface PushRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The reader's reminder settings (undefined before the first save) and how many browsers they push to. */
export async function findReminder(
  db: Database,
  userId: string,
): Promise<{ reminder: StoredReminder | undefined; pushSubscriptions: number }> {
  const [[reminder], [pushes]] = await Promise.all([
    db
      .select({
        enabled: reminderSettings.enabled,
        minute: reminderSettings.minute,
        days: reminderSettings.days,
        timeZone: reminderSettings.timeZone,
      })
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, userId)),
    db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  ]);
  return { reminder, pushSubscriptions: pushes?.n ?? 0 };
}

export async function saveReminder(db: Database, userId: string, reminder: StoredReminder): Promise<void> {
  await db
    .insert(reminderSettings)
    .values({ userId, ...reminder })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...reminder, updatedAt: sql`now()` } });
}

/** Turns the reader's reminder off (an unsubscribe link); false when they had none. */
export async function disableReminder(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .update(reminderSettings)
    .set({ enabled: false, updatedAt: sql`now()` })
    .where(eq(reminderSettings.userId, userId))
    .returning({ userId: reminderSettings.userId });
  return rows.length > 0;
}

/** Every reminder that is on: what a tick looks at. */
export async function enabledReminders(db: Database): Promise<(StoredReminder & { userId: string })[]> {
  return db
    .select({
      userId: reminderSettings.userId,
      enabled: reminderSettings.enabled,
      minute: reminderSettings.minute,
      days: reminderSettings.days,
      timeZone: reminderSettings.timeZone,
    })
    .from(reminderSettings)
    .where(eq(reminderSettings.enabled, true));
}

/** Whether the reader's reminder of that local day has been claimed already (by any worker). */
export async function isClaimed(db: Database, userId: string, localDate: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: reminderSends.userId })
    .from(reminderSends)
    .where(and(eq(reminderSends.userId, userId), eq(reminderSends.localDate, localDate)));
  return row !== undefined;
}

/**
 * Claims the reader's reminder of that local day: true for the one caller whose row went in, false
 * for every other (another worker's tick, a retried job). The row is committed before anything is
 * sent, so a reminder is sent at most once.
 */
export async function claimReminder(db: Database, userId: string, localDate: string): Promise<boolean> {
  const rows = await db
    .insert(reminderSends)
    .values({ userId, localDate })
    .onConflictDoNothing()
    .returning({ userId: reminderSends.userId });
  return rows.length > 0;
}

export async function markSent(db: Database, userId: string, localDate: string): Promise<void> {
  await db
    .update(reminderSends)
    .set({ sentAt: sql`now()` })
    .where(
      and(
        eq(reminderSends.userId, userId),
        eq(reminderSends.localDate, localDate),
        isNull(reminderSends.sentAt),
      ),
    );
}

/** Who a reminder goes to: the address, the name and the interface language. */
export async function findRecipient(
  db: Database,
  userId: string,
): Promise<{ email: string; fullName: string; language: Language } | undefined> {
  const [row] = await db
    .select({ email: users.email, fullName: users.fullName, language: profiles.preferredLanguage })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ? { email: row.email, fullName: row.fullName, language: row.language ?? 'pt' } : undefined;
}

/** Keeps a browser's subscription for the reader; the same endpoint again (new keys, another account) replaces it. */
export async function savePushSubscription(
  db: Database,
  userId: string,
  subscription: Omit<PushRow, 'id'>,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: sql`now()` },
    });
}

/** Forgets one of the reader's subscriptions; false when the endpoint is not theirs. */
export async function deletePushSubscription(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function pushSubscriptionsOf(db: Database, userId: string): Promise<PushRow[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** A subscription its push service says is gone (404, 410). */
export async function forgetPushSubscription(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
