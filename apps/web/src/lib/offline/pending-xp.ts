import { XP_EVENT_TYPES, type XpEventType } from '@summa/shared';
import { z } from 'zod';

/**
 * XP events a reader earned while offline (reading a kept summary), kept in localStorage until
 * the network returns, one per reader, event and subject. The server decides what each is worth
 * and awards it once (ADR 0019): sending one twice, from two tabs say, gives one award.
 */
const STORAGE_KEY = 'summa.pendingXp';

const pendingSchema = z.array(
  z.object({ owner: z.string(), eventType: z.enum(XP_EVENT_TYPES), subjectId: z.string() }),
);
export type PendingXp = z.infer<typeof pendingSchema>[number];

function read(): PendingXp[] {
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function write(events: readonly PendingXp[]): void {
  try {
    if (events.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(events));
  } catch {
    // Private mode or full storage: the event is lost, as it would have been without the queue.
  }
}

const same = (a: PendingXp, b: PendingXp) =>
  a.owner === b.owner && a.eventType === b.eventType && a.subjectId === b.subjectId;

/** Keeps an event to send later (once: the same one again changes nothing). */
export function queueXp(owner: string, eventType: XpEventType, subjectId: string): void {
  const event = { owner, eventType, subjectId };
  const events = read();
  if (!events.some((queued) => same(queued, event))) write([...events, event]);
}

/** Takes `owner`'s queued events out of the queue, to be sent now (one that fails goes back in). */
export function takeQueuedXp(owner: string): PendingXp[] {
  const events = read();
  const taken = events.filter((event) => event.owner === owner);
  if (taken.length > 0) write(events.filter((event) => event.owner !== owner));
  return taken;
}
