import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema, type ErrorResponse, type SummaryContent } from '@summa/shared';
import {
  adminAudit,
  bookSummaries,
  books,
  contactMessages,
  people,
  premiumGrants,
  readingList,
  pushSubscriptions,
  reminderSends,
  reviewCards,
  listeningLog,
  reminderSettings,
  readerAchievements,
  readerFacts,
  readerProgress,
  removedSummaryEntries,
  summaryFeedback,
  usageCounters,
  usageReservations,
  userAudios,
  userIdentities,
  userSummaries,
  workLog,
  xpAwards,
} from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import { bearer, mailedToken, signUpTestUser, uniqueIp, type TestUser } from '../../test/test-users.js';
import { rowsReferring, userColumns } from '../../test/user-tables.js';
import { EXPORTED_ROWS, NOT_EXPORTED } from './personal-data.repository.js';

describe.each(TEST_DATABASES)("the reader's export on %s", (kind) => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp(kind);
    await context.app.ready();
  });
  afterAll(async () => {
    await context.close();
  });

  const exportOf = (user: TestUser) =>
    context.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(user.session) });

  /**
   * Gives the reader rows in every table that can hold them: through the API where one leads
   * there, directly where only other actors (Google, an admin, the generation) write them.
   */
  async function readerEverywhere(): Promise<TestUser & { id: string }> {
    const { db } = context.database;
    const reader = await signUpTestUser(context.app);
    const id = reader.session.user.id;
    await mailedToken(context.app, reader.email, '/auth/confirm');
    await context.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: reader.email },
      remoteAddress: uniqueIp(),
    });
    await mailedToken(context.app, reader.email, '/auth/reset');
    await db.insert(userIdentities).values({ provider: 'google', subject: `g-${id}`, userId: id });
    // As an admin, the reader granted and revoked Premium (their own, for brevity) and edited a book.
    await db
      .insert(premiumGrants)
      .values({ userId: id, grantedBy: id, revokedBy: id, revokedAt: new Date() });
    const [book] = await db.select({ id: books.id }).from(books).limit(1);
    if (!book) throw new Error('the catalogue is empty');
    await db.update(books).set({ editedBy: id, editOrigin: 'admin' }).where(eq(books.id, book.id));
    // As an admin, the reader changed a person's shelf (one of their own making, for brevity).
    await db.insert(people).values({
      slug: `export-${id}`,
      name: 'Export Person',
      field: 'writer',
      country: 'BR',
      bioPt: 'Bio.',
      bioEn: 'Bio.',
      bioEs: 'Bio.',
      position: 1_000,
      origin: 'admin',
      editedBy: id,
    });
    await db.insert(readingList).values({ userId: id, bookId: book.id });
    await db
      .insert(reminderSettings)
      .values({ userId: id, enabled: true, minute: 1_140, days: 127, timeZone: 'UTC' });
    await db.insert(reminderSends).values({ userId: id, localDate: '2026-11-26' });
    await db
      .insert(pushSubscriptions)
      .values({ userId: id, endpoint: `https://push.example/${id}`, p256dh: 'key', auth: 'secret' });
    const [summary] = await db
      .insert(bookSummaries)
      .values({
        normKey: `export test ${id}`,
        title: 'Export Test',
        author: 'Someone',
        language: 'en',
        kind: 'nonfiction',
        content: {} as SummaryContent,
        related: [],
        model: 'test',
      })
      .returning({ id: bookSummaries.id });
    const summaryId = summary!.id;
    await db.insert(userSummaries).values({ userId: id, summaryId, generatedAt: new Date() });
    await db.insert(reviewCards).values({ userId: id, summaryId, kind: 'idea', position: 0 });
    await db.insert(listeningLog).values({ userId: id, summaryId, day: '2026-11-26', seconds: 30 });
    // As an admin, the reader approved their own comment for the landing (for brevity too).
    await db.insert(summaryFeedback).values({
      userId: id,
      summaryId,
      vote: 'up',
      comment: 'Clear and useful.',
      testimonialApprovedAt: new Date(),
      testimonialApprovedBy: id,
    });
    // As an admin, the reader handled their own message (for brevity too), and their acts are audited.
    await db.insert(contactMessages).values({
      userId: id,
      name: 'Test Reader',
      email: reader.email,
      message: 'A question about my plan.',
      language: 'en',
      handledAt: new Date(),
      handledBy: id,
    });
    await db
      .insert(adminAudit)
      .values({ adminId: id, adminEmail: reader.email, action: 'contact.handled', targetId: id });
    await db.insert(removedSummaryEntries).values({
      userId: id,
      summaryId: id,
      title: 'A Removed Book',
      author: 'Someone',
      language: 'en',
      lastSeenAt: new Date(),
    });
    await db.insert(workLog).values({ kind: 'summary', outcome: 'made', userId: id });
    await db.insert(userAudios).values({ userId: id, bookSummaryId: summaryId, language: 'en' });
    await db.insert(usageCounters).values({ userId: id, monthKey: '2026-11', summariesUsed: 1 });
    await db.insert(usageReservations).values({
      userId: id,
      monthKey: '2026-11',
      kind: 'summary',
      heldUntil: new Date(Date.now() + 60_000),
    });
    await db.insert(readerProgress).values({ userId: id, xp: 10, language: 'pt', weekStart: '2026-11-23' });
    await db.insert(xpAwards).values({ userId: id, eventType: 'read_summary', subject: summaryId, xp: 10 });
    await db.insert(readerFacts).values({ userId: id, kind: 'language', value: 'en' });
    await db.insert(readerAchievements).values({ userId: id, key: 'first_read' });
    return { ...reader, id };
  }

  it('answers 401 without a session', async () => {
    for (const call of [
      { method: 'GET' as const, url: '/api/me/export' },
      { method: 'DELETE' as const, url: '/api/me', payload: { password: 'x' } },
    ]) {
      const response = await context.app.inject(call);
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json<ErrorResponse>().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('sends one JSON file with the reader’s rows of every table that refers to users, secrets left out', async () => {
    const reader = await readerEverywhere();
    const stranger = await readerEverywhere();

    const response = await exportOf(reader);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="summa-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = accountExportSchema.parse(response.json());
    expect(data.userId).toBe(reader.id);
    expect(response.headers['content-disposition']).toContain(data.exportedAt.slice(0, 10));

    // Every reference to users in the catalogue is exported or knowingly left out, and this
    // reader has rows behind each (so the check below means something for every table).
    const { db } = context.database;
    const columns = await userColumns(db);
    expect(columns.length).toBeGreaterThan(15);
    for (const column of columns) {
      const name = `${column.table}.${column.column}`;
      expect(
        await rowsReferring(db, column, reader.id),
        `${name}: the test gives the reader no row`,
      ).toBeGreaterThan(NOT_EXPORTED[name] ? -1 : 0);
      const entries = EXPORTED_ROWS.filter(
        (entry) => entry.table === column.table && entry.column === column.column,
      );
      if (NOT_EXPORTED[name]) {
        expect(entries, `${name} is both exported and left out`).toEqual([]);
        continue;
      }
      expect(entries, `${name} refers to users but is not in the export`).toHaveLength(1);
      const rows = data.tables[entries[0]!.key] ?? [];
      expect(rows.length, `${name} contributes nothing to the export`).toBeGreaterThan(0);
    }

    // Only this reader's rows.
    expect(data.tables.users).toEqual([expect.objectContaining({ id: reader.id, email: reader.email })]);
    expect(response.body).not.toContain(stranger.id);
    expect(response.body).not.toContain(stranger.email);
    // No secret: neither hashes nor their columns.
    expect(response.body).not.toContain('$argon2');
    expect(response.body).not.toContain('password_hash');
    expect(response.body).not.toContain('token_hash');
    expect(response.body).not.toContain(reader.session.refresh_token);
    // The reader's comment and its approval for the landing, without the approving admin; the
    // messages they sent while signed in.
    expect(data.tables.summary_feedback).toEqual([
      expect.objectContaining({
        comment: 'Clear and useful.',
        testimonial_approved_at: expect.any(String) as unknown,
      }),
    ]);
    expect(data.tables.summary_feedback?.[0]).not.toHaveProperty('testimonial_approved_by');
    expect(data.tables.contact_messages).toEqual([
      expect.objectContaining({ message: 'A question about my plan.', email: reader.email, language: 'en' }),
    ]);
    // The books they saved to read, and (as an admin) the people they changed, by slug only.
    expect(data.tables.reading_list).toEqual([expect.objectContaining({ user_id: reader.id })]);
    expect(data.tables.people_edited).toEqual([
      {
        id: expect.any(String) as unknown,
        slug: `export-${reader.id}`,
        name: 'Export Person',
        updated_at: expect.any(String) as unknown,
      },
    ]);
  });
});
