import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminTestimonialResponseSchema,
  adminTestimonialsResponseSchema,
  testimonialsResponseSchema,
  type ErrorResponse,
  type Language,
  type SummaryContent,
} from '@summa/shared';
import { bookSummaries, summaryFeedback } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import {
  bearer,
  deleteTestUser,
  signUpTestAdmin,
  signUpTestUser,
  uniqueEmail,
  type TestUser,
} from '../../test/test-users.js';

const ADMIN_EMAIL = uniqueEmail('testimonial-admin');
const LEAVING_ADMIN_EMAIL = uniqueEmail('leaving-admin');

describe.each(TEST_DATABASES)('testimonials on %s', (kind) => {
  let context: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    context = await createTestApp(kind, { env: { ADMIN_EMAILS: `${ADMIN_EMAIL},${LEAVING_ADMIN_EMAIL}` } });
    admin = await signUpTestAdmin(context.app, { email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await context.close();
  });

  const inject = (options: InjectOptions) => context.app.inject(options);
  const publicList = async (language: Language) => {
    const response = await inject({ method: 'GET', url: `/api/testimonials?language=${language}` });
    expect(response.statusCode, response.body).toBe(200);
    return testimonialsResponseSchema.parse(response.json()).testimonials;
  };
  const adminList = async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/admin/testimonials',
      headers: bearer(admin.session),
    });
    expect(response.statusCode, response.body).toBe(200);
    return adminTestimonialsResponseSchema.parse(response.json()).testimonials;
  };
  const approve = (feedbackId: string, user: TestUser = admin) =>
    inject({ method: 'PUT', url: `/api/admin/testimonials/${feedbackId}`, headers: bearer(user.session) });
  const withdraw = (feedbackId: string, user: TestUser = admin) =>
    inject({ method: 'DELETE', url: `/api/admin/testimonials/${feedbackId}`, headers: bearer(user.session) });

  /** A stored summary of a book of its own, in `language`. */
  async function summaryIn(language: Language, title: string): Promise<string> {
    const [row] = await context.database.db
      .insert(bookSummaries)
      .values({
        normKey: `testimonial ${randomUUID()}`,
        title,
        author: 'Someone',
        language,
        kind: 'nonfiction',
        content: {} as SummaryContent,
        related: [],
        model: 'test',
      })
      .returning({ id: bookSummaries.id });
    return row!.id;
  }

  /** A reader (with `nickname`, or none) who rated a summary in `language`; answers the feedback's id. */
  async function feedbackFrom(options: {
    nickname: string | null;
    vote?: 'up' | 'down';
    comment?: string | null;
    language?: Language;
    title?: string;
  }): Promise<{ reader: TestUser; feedbackId: string }> {
    const reader = await signUpTestUser(context.app, { full_name: 'Fulano de Tal Completo' });
    if (options.nickname) {
      const patched = await inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: bearer(reader.session),
        payload: { nickname: options.nickname },
      });
      expect(patched.statusCode, patched.body).toBe(200);
    }
    const summaryId = await summaryIn(options.language ?? 'en', options.title ?? 'Deep Work');
    const [row] = await context.database.db
      .insert(summaryFeedback)
      .values({
        userId: reader.session.user.id,
        summaryId,
        vote: options.vote ?? 'up',
        comment:
          options.comment === undefined ? 'This summary changed how I plan my mornings.' : options.comment,
      })
      .returning({ id: summaryFeedback.id });
    return { reader, feedbackId: row!.id };
  }

  const nick = () => `Reader${randomUUID().slice(0, 6)}`;

  it('keeps the admin endpoints to admins: 401 without a session, 403 for a reader', async () => {
    const reader = await signUpTestUser(context.app);
    const id = randomUUID();
    for (const call of [
      { method: 'GET' as const, url: '/api/admin/testimonials' },
      { method: 'PUT' as const, url: `/api/admin/testimonials/${id}` },
      { method: 'DELETE' as const, url: `/api/admin/testimonials/${id}` },
    ]) {
      const anonymous = await inject(call);
      expect(anonymous.statusCode, call.method).toBe(401);
      expect(anonymous.json<ErrorResponse>().error.code).toBe('UNAUTHORIZED');
      const forbidden = await inject({ ...call, headers: bearer(reader.session) });
      expect(forbidden.statusCode, call.method).toBe(403);
      expect(forbidden.json<ErrorResponse>().error.code).toBe('FORBIDDEN');
    }
  });

  it('answers 404 for a feedback that does not exist and 400 for an id that is not one', async () => {
    for (const call of [approve, withdraw]) {
      const missing = await call(randomUUID());
      expect(missing.statusCode).toBe(404);
      expect(missing.json<ErrorResponse>().error.code).toBe('NOT_FOUND');
      expect((await call('not-a-uuid')).statusCode).toBe(400);
    }
  });

  it('lists only thumbs-up comments of readers with a nickname, and approves only those', async () => {
    const nickname = nick();
    const eligible = await feedbackFrom({ nickname, title: 'Eligible Book' });
    const down = await feedbackFrom({ nickname: nick(), vote: 'down' });
    const silent = await feedbackFrom({ nickname: nick(), comment: null });
    const blank = await feedbackFrom({ nickname: nick(), comment: '   ' });
    const anonymous = await feedbackFrom({ nickname: null });

    const listed = await adminList();
    const ids = listed.map((item) => item.feedbackId);
    expect(ids).toContain(eligible.feedbackId);
    for (const other of [down, silent, blank, anonymous]) expect(ids).not.toContain(other.feedbackId);
    expect(listed.find((item) => item.feedbackId === eligible.feedbackId)).toEqual({
      feedbackId: eligible.feedbackId,
      nickname,
      comment: 'This summary changed how I plan my mornings.',
      bookTitle: 'Eligible Book',
      language: 'en',
      createdAt: expect.any(String) as unknown,
      approvedAt: null,
    });

    for (const other of [down, silent, blank, anonymous]) {
      const refused = await approve(other.feedbackId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorResponse>().error.code).toBe('TESTIMONIAL_NOT_ELIGIBLE');
    }
    const approved = await approve(eligible.feedbackId);
    expect(approved.statusCode, approved.body).toBe(200);
    const { testimonial } = adminTestimonialResponseSchema.parse(approved.json());
    expect(testimonial.approvedAt).not.toBeNull();
    // Approving again keeps the first approval.
    const again = adminTestimonialResponseSchema.parse((await approve(eligible.feedbackId)).json());
    expect(again.testimonial.approvedAt).toBe(testimonial.approvedAt);
    // The approved come first in the admin's list.
    expect((await adminList())[0]?.approvedAt).not.toBeNull();
  });

  it("shows the approved ones publicly in their summary's language, with the nickname only, and withdraws them at once", async () => {
    const nickname = nick();
    const english = await feedbackFrom({ nickname, title: 'Atomic Habits', comment: 'Short and practical.' });
    const portuguese = await feedbackFrom({
      nickname: nick(),
      language: 'pt',
      title: 'Hábitos Atômicos',
      comment: 'Direto ao ponto.',
    });
    const pending = await feedbackFrom({ nickname: nick(), comment: 'Not approved yet.' });
    // Read once, so that the instance caches the list: an approval must still show at once.
    await publicList('en');
    expect((await approve(english.feedbackId)).statusCode).toBe(200);
    expect((await approve(portuguese.feedbackId)).statusCode).toBe(200);

    const response = await inject({ method: 'GET', url: '/api/testimonials?language=en' });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const english_ = await publicList('en');
    expect(english_).toContainEqual({
      nickname,
      comment: 'Short and practical.',
      bookTitle: 'Atomic Habits',
      language: 'en',
    });
    expect(english_.every((item) => item.language === 'en')).toBe(true);
    expect(english_.map((item) => item.comment)).not.toContain('Not approved yet.');
    expect(await publicList('pt')).toContainEqual(expect.objectContaining({ comment: 'Direto ao ponto.' }));
    // Never the reader's e-mail or name.
    expect(response.body).not.toContain(english.reader.email);
    expect(response.body).not.toContain('Fulano');
    expect(response.body).not.toContain(english.feedbackId);

    const withdrawn = await withdraw(english.feedbackId);
    expect(withdrawn.statusCode).toBe(204);
    expect((await publicList('en')).map((item) => item.comment)).not.toContain('Short and practical.');
    // The feedback itself stays, and can be approved again.
    expect((await adminList()).find((item) => item.feedbackId === english.feedbackId)?.approvedAt).toBeNull();
    expect(pending.feedbackId).toBeDefined();
  });

  it('answers at most 6, newest approval first, and refuses a missing or unknown language', async () => {
    const approvedIds: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const { feedbackId } = await feedbackFrom({
        nickname: nick(),
        language: 'es',
        comment: `Comentario ${index}`,
      });
      expect((await approve(feedbackId)).statusCode).toBe(200);
      approvedIds.push(feedbackId);
    }
    const spanish = await publicList('es');
    expect(spanish).toHaveLength(6);
    expect(spanish[0]?.comment).toBe('Comentario 6');
    for (const url of ['/api/testimonials', '/api/testimonials?language=fr']) {
      const refused = await inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json<ErrorResponse>().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('drops a testimonial when its reader deletes their account, from the cached list too', async () => {
    const { reader, feedbackId } = await feedbackFrom({
      nickname: nick(),
      language: 'pt',
      comment: 'Vou apagar minha conta.',
    });
    expect((await approve(feedbackId)).statusCode).toBe(200);
    expect((await publicList('pt')).map((item) => item.comment)).toContain('Vou apagar minha conta.');

    await deleteTestUser(context.app, reader);
    expect((await publicList('pt')).map((item) => item.comment)).not.toContain('Vou apagar minha conta.');
    expect(
      await context.database.db.select().from(summaryFeedback).where(eq(summaryFeedback.id, feedbackId)),
    ).toEqual([]);
  });

  it('keeps the testimonial when the admin who approved it deletes their account', async () => {
    const leaving = await signUpTestAdmin(context.app, { email: LEAVING_ADMIN_EMAIL });
    const { feedbackId } = await feedbackFrom({ nickname: nick(), comment: 'Approved by someone who left.' });
    expect((await approve(feedbackId, leaving)).statusCode).toBe(200);
    await deleteTestUser(context.app, leaving);
    const [row] = await context.database.db
      .select({ at: summaryFeedback.testimonialApprovedAt, by: summaryFeedback.testimonialApprovedBy })
      .from(summaryFeedback)
      .where(eq(summaryFeedback.id, feedbackId));
    expect(row).toEqual({ at: expect.any(Date) as unknown, by: null });
    expect((await publicList('en')).map((item) => item.comment)).toContain('Approved by someone who left.');
  });
});
