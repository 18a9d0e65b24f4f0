import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSessions, SESSION_CHECK_TTL_MS } from './live-sessions.js';

interface PendingCheck {
  sessionId: string;
  answer: (email: string | undefined) => void;
  fail: (error: Error) => void;
}

/** A database check whose answers the test gives, in order. */
function controlledCheck() {
  const pending: PendingCheck[] = [];
  const check = vi.fn(
    (sessionId: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        pending.push({ sessionId, answer: resolve, fail: reject });
      }),
  );
  const next = () => {
    const first = pending.shift();
    if (!first) throw new Error('no check is waiting');
    return first;
  };
  return { check, pending, next };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LiveSessions', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function liveSession() {
    const database = controlledCheck();
    const onError = vi.fn();
    const sessions = new LiveSessions(database.check, onError);
    const first = sessions.account('s1', 'u1');
    database.next().answer('reader@example.com');
    expect(await first).toBe('reader@example.com');
    return { sessions, database, onError };
  }

  it('answers from its last check, without the database, for half the lifetime', async () => {
    const { sessions, database } = await liveSession();
    vi.advanceTimersByTime(SESSION_CHECK_TTL_MS / 2 - 1);
    expect(await sessions.account('s1', 'u1')).toBe('reader@example.com');
    expect(database.check).toHaveBeenCalledTimes(1);
    // Another user's claim on the session is checked, and refused by the database.
    const other = sessions.account('s1', 'u2');
    database.next().answer(undefined);
    expect(await other).toBeUndefined();
  });

  it('knows a session without waiting only within the lifetime of its last check, and only for its user', async () => {
    const database = controlledCheck();
    const sessions = new LiveSessions(database.check, vi.fn());
    expect(sessions.known('s1', 'u1')).toBeUndefined();
    expect(database.check).not.toHaveBeenCalled();
    const first = sessions.account('s1', 'u1');
    database.next().answer('reader@example.com');
    await first;
    expect(sessions.known('s1', 'u1')).toBe('reader@example.com');
    expect(sessions.known('s1', 'u2')).toBeUndefined();
    // Past half the lifetime it still answers, and checks again in the background.
    vi.advanceTimersByTime(SESSION_CHECK_TTL_MS / 2);
    expect(sessions.known('s1', 'u1')).toBe('reader@example.com');
    expect(database.pending).toHaveLength(1);
    vi.advanceTimersByTime(SESSION_CHECK_TTL_MS / 2);
    expect(sessions.known('s1', 'u1')).toBeUndefined();
    sessions.forget({ sessionId: 's1' });
    database.next().answer('reader@example.com');
    await settle();
    expect(sessions.known('s1', 'u1')).toBeUndefined();
  });

  it('checks again in the background after half the lifetime, once, without holding up requests', async () => {
    const { sessions, database } = await liveSession();
    vi.advanceTimersByTime(SESSION_CHECK_TTL_MS / 2);
    // Both answered at once from the last check; one background check is under way.
    expect(await sessions.account('s1', 'u1')).toBe('reader@example.com');
    expect(await sessions.account('s1', 'u1')).toBe('reader@example.com');
    expect(database.pending).toHaveLength(1);
    database.next().answer('reader@example.com');
    await settle();
    // The new check counts from when it started: good for a whole lifetime from there (and
    // past its half, checked again in the background).
    vi.advanceTimersByTime(SESSION_CHECK_TTL_MS - 1);
    expect(await sessions.account('s1', 'u1')).toBe('reader@example.com');
    expect(database.check).toHaveBeenCalledTimes(3);
    expect(database.pending).toHaveLength(1);
  });

  it('refuses the session once a background check finds it revoked, before the lifetime ends', async () => {
    const { sessions, database } = await liveSession();
    vi.advanceTimersByTime(SESSION_CHECK_TTL_MS / 2);
    expect(await sessions.account('s1', 'u1')).toBe('reader@example.com');
    database.next().answer(undefined); // revoked by another instance
    await settle();
    const afterRevocation = sessions.account('s1', 'u1');
    database.next().answer(undefined);
    expect(await afterRevocation).toBeUndefined();
  });

  it('never accepts a check older than the lifetime: a request then waits for the database', async () => {
    const { sessions, database, onError } = await liveSession();
    vi.advanceTimersByTime(SESSION_CHECK_TTL_MS / 2);
    await sessions.account('s1', 'u1');
    database.next().fail(new Error('database down')); // the background check fails
    await settle();
    expect(onError).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SESSION_CHECK_TTL_MS / 2);
    const late = sessions.account('s1', 'u1');
    expect(database.pending).toHaveLength(1);
    database.next().answer(undefined);
    expect(await late).toBeUndefined();
  });

  it('lets a sign-out on this instance win over a check that was under way', async () => {
    const { sessions, database } = await liveSession();
    vi.advanceTimersByTime(SESSION_CHECK_TTL_MS / 2);
    await sessions.account('s1', 'u1');
    sessions.forget({ sessionId: 's1' }); // signed out while the background check runs
    database.next().answer('reader@example.com'); // it read the row before the sign-out
    await settle();
    const afterSignOut = sessions.account('s1', 'u1');
    expect(database.pending).toHaveLength(1);
    database.next().answer(undefined);
    expect(await afterSignOut).toBeUndefined();

    // The same for a first check under way when every session of the user is signed out.
    const first = sessions.account('s2', 'u1');
    sessions.forget({ userId: 'u1' });
    database.next().answer('reader@example.com');
    expect(await first).toBe('reader@example.com');
    const next = sessions.account('s2', 'u1');
    expect(database.pending).toHaveLength(1);
    database.next().answer(undefined);
    expect(await next).toBeUndefined();
  });
});
