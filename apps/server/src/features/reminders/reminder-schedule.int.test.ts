import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderSettings } from '@summa/shared';
import type { App } from '../../app.js';
import { mailOutbox, reminderSends } from '../../db/schema/index.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { gamificationClient } from '../../test/gamification-client.js';
import { startSecondInstance, TEST_DATABASES } from '../../test/test-app.js';
import { bearer, signUpTestUser, type TestUser } from '../../test/test-users.js';

const EVERY_DAY: ReminderSettings['days'] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/**
 * The reminder's schedule as a fake clock drives it through the ticks of two app instances (two
 * workers) on one database: once per reader and local day, never after they read that day, at the
 * chosen time in their time zone across daylight-saving changes.
 */
describe.each(TEST_DATABASES)('the daily reminder schedule on %s', (kind) => {
  let clock = new Date();
  const context = useAppWithFakeModels(kind, { clock: () => clock });
  const api = gamificationClient(() => context.app);
  let second: { app: App; close(): Promise<void> };

  beforeAll(async () => {
    second = await startSecondInstance(
      { app: context.app, database: context.database, close: async () => {} },
      { env: context.env, clock: () => clock },
    );
  });
  afterAll(async () => {
    await second.close();
  });

  const remindAt = async (time: string, timeZone: string, days = EVERY_DAY): Promise<TestUser> => {
    const reader = await signUpTestUser(context.app);
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/me/reminders',
      headers: bearer(reader.session),
      payload: { enabled: true, time, days, timeZone },
    });
    expect(response.statusCode, response.body).toBe(200);
    return reader;
  };
  /** Both workers tick at once at `iso`. */
  const tickAt = async (iso: string | Date) => {
    clock = new Date(iso);
    await Promise.all([context.app.runReminderTick(), second.app.runReminderTick()]);
  };
  const sentDays = async (reader: TestUser) =>
    (
      await context.database.db
        .select({ day: reminderSends.localDate })
        .from(reminderSends)
        .where(and(eq(reminderSends.userId, reader.session.user.id), isNotNull(reminderSends.sentAt)))
    )
      .map((row) => row.day)
      .sort();
  const mailed = async (reader: TestUser) =>
    (
      await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, reader.email))
    ).filter((row) => row.subject === 'Hora da sua leitura no Summa').length;

  it('sends one reminder with two workers ticking together, at the time in São Paulo (no daylight saving)', async () => {
    const reader = await remindAt('19:00', 'America/Sao_Paulo');
    // 19:00 in São Paulo is 22:00 UTC all year.
    await tickAt('2026-11-26T21:59:00Z');
    expect(await sentDays(reader)).toEqual([]);
    await tickAt('2026-11-26T22:00:00Z');
    await tickAt('2026-11-26T22:01:00Z');
    await tickAt('2026-11-26T22:14:00Z');
    expect(await sentDays(reader)).toEqual(['2026-11-26']);
    expect(await mailed(reader)).toBe(1);
    // In the southern winter, too (Brazil has had no daylight saving since 2019).
    await tickAt('2026-07-01T22:05:00Z');
    expect(await sentDays(reader)).toEqual(['2026-07-01', '2026-11-26']);
  });

  it('skips a missed window rather than send late', async () => {
    const reader = await remindAt('21:00', 'America/Sao_Paulo');
    // 21:00 local is 00:00 UTC the next day; the workers were down until 21:16 local.
    await tickAt('2026-11-28T00:16:00Z');
    await tickAt('2026-11-28T01:30:00Z');
    expect(await sentDays(reader)).toEqual([]);
    await tickAt('2026-11-29T00:15:00Z');
    expect(await sentDays(reader)).toEqual([]);
    await tickAt('2026-11-29T00:14:00Z');
    expect(await sentDays(reader)).toEqual(['2026-11-28']);
  });

  it('keeps to the chosen days in Mexico City (no daylight saving since 2022)', async () => {
    const reader = await remindAt('07:00', 'America/Mexico_City', ['sun']);
    // Sunday 5 April 2026, when clocks used to spring forward: 07:00 is 13:00 UTC (UTC-6).
    await tickAt('2026-04-05T12:05:00Z');
    expect(await sentDays(reader)).toEqual([]);
    await tickAt('2026-04-05T13:05:00Z');
    // Monday is not a chosen day.
    await tickAt('2026-04-06T13:05:00Z');
    expect(await sentDays(reader)).toEqual(['2026-04-05']);
  });

  it('sends a 02:30 New York reminder at 03:30 on the spring-forward day, and at 02:30 on the days around it', async () => {
    const reader = await remindAt('02:30', 'America/New_York');
    // Saturday 7 March: 02:30 EST is 07:30 UTC.
    await tickAt('2026-03-07T07:31:00Z');
    // Sunday 8 March: 02:30 does not exist (01:59 EST is followed by 03:00 EDT); 03:30 EDT is 07:30 UTC.
    await tickAt('2026-03-08T07:29:00Z');
    expect(await sentDays(reader)).toEqual(['2026-03-07']);
    await tickAt('2026-03-08T07:31:00Z');
    // Monday 9 March: 02:30 EDT is 06:30 UTC.
    await tickAt('2026-03-09T06:31:00Z');
    expect(await sentDays(reader)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
  });

  it('sends once on the fall-back day, when 01:30 happens twice in New York', async () => {
    const reader = await remindAt('01:30', 'America/New_York');
    // Sunday 1 November: 01:30 EDT is 05:30 UTC, and 01:30 EST an hour later.
    await tickAt('2026-11-01T05:31:00Z');
    await tickAt('2026-11-01T06:31:00Z');
    expect(await sentDays(reader)).toEqual(['2026-11-01']);
    expect(await mailed(reader)).toBe(1);
  });

  it('sends nothing to a reader who has read that day, and still reminds one who has not', async () => {
    // The reading below and the tick on one day, two minutes after the reminder's time (the one
    // clock drives the awards and the reminders).
    const now = new Date();
    clock = now;
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(now.getTime() - 2 * 60_000));
    const idle = await remindAt(time, 'America/Sao_Paulo');
    const reader = await remindAt(time, 'America/Sao_Paulo');
    const summaryId = await api.summaryFor(reader, 'Deep Work');
    await api.award(reader, 'read_summary', summaryId);
    await tickAt(now);
    expect(await sentDays(reader)).toEqual([]);
    expect(await mailed(reader)).toBe(0);
    expect(await sentDays(idle)).toHaveLength(1);
    expect(await mailed(idle)).toBe(1);
  });
});
