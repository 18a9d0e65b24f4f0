import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPeopleResponseSchema,
  adminPersonResponseSchema,
  peopleResponseSchema,
  personResponseSchema,
  type ErrorResponse,
  type PersonEdit,
} from '@summa/shared';
import { books, people } from '../../db/schema/index.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';
import {
  bearer,
  signUpTestAdmin,
  signUpTestUser,
  uniqueEmail,
  type TestUser,
} from '../../test/test-users.js';
import { loadPeople } from './people-data.js';
import { PeopleService } from './people.service.js';

const ADMIN_EMAIL = uniqueEmail('people-admin');
const SHIPPED = loadPeople();

describe.each(TEST_DATABASES)('people and their shelves on %s', (kind) => {
  let context: TestContext;
  let admin: TestUser;
  let reader: TestUser;
  /** The import as a deploy runs it; books are not shown, so no catalogue port is needed. */
  let importer: PeopleService;

  beforeAll(async () => {
    context = await createTestApp(kind, { env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    await context.app.ready();
    admin = await signUpTestAdmin(context.app, { email: ADMIN_EMAIL });
    reader = await signUpTestUser(context.app);
    const log = { info: () => undefined };
    importer = new PeopleService({ db: context.database.db, books: { listed: async () => new Map() }, log });
  });
  afterAll(async () => {
    await context.close();
  });

  const inject = (options: InjectOptions) => context.app.inject(options);
  const list = async () => {
    const response = await inject({ method: 'GET', url: '/api/people' });
    expect(response.statusCode, response.body).toBe(200);
    return peopleResponseSchema.parse(response.json()).people;
  };
  const bookIdOf = async (slug: string) => {
    const [row] = await context.database.db.select({ id: books.id }).from(books).where(eq(books.slug, slug));
    return row!.id;
  };
  const edit = async (overrides: Partial<PersonEdit> = {}): Promise<PersonEdit> => ({
    name: 'Ada Reader',
    field: 'scientist',
    country: 'GB',
    bio: { pt: 'Uma leitora.', en: 'A reader.', es: 'Una lectora.' },
    picks: [
      {
        bookId: await bookIdOf('cosmos'),
        source: { kind: 'interview', title: 'A radio interview', date: '2020-05', url: null },
      },
    ],
    ...overrides,
  });

  it('imports every shipped person with their shelf at start, in the file’s order', async () => {
    const listed = await list();
    expect(listed.map((person) => person.slug)).toEqual(SHIPPED.map((person) => person.slug));
    expect(listed.length).toBeGreaterThanOrEqual(15);
    for (const person of listed) {
      const shipped = SHIPPED.find((entry) => entry.slug === person.slug)!;
      expect(person.pickCount, person.slug).toBe(shipped.picks.length);
      expect(person.initials).toMatch(/^\p{Lu}{1,2}$/u);
    }
  });

  it("shows a person's bio and shelf in the asked language, each pick with its source", async () => {
    const response = await inject({ method: 'GET', url: '/api/people/bill-gates?language=pt' });
    expect(response.statusCode, response.body).toBe(200);
    const { person } = personResponseSchema.parse(response.json());
    const shipped = SHIPPED.find((entry) => entry.slug === 'bill-gates')!;
    expect(person.bio).toBe(shipped.bio.pt);
    expect(person.picks.map((pick) => pick.book.slug)).toEqual(shipped.picks.map((pick) => pick.book));
    expect(person.picks.map((pick) => pick.source)).toEqual(shipped.picks.map((pick) => pick.source));
    // Titles of the Brazilian edition, and no summary yet to open.
    const educated = person.picks.find((pick) => pick.book.slug === 'educated')!;
    expect(educated.book).toMatchObject({ title: 'A Menina da Montanha', lang: 'pt', summary_id: null });

    const english = await inject({ method: 'GET', url: '/api/people/bill-gates?language=en' });
    expect(personResponseSchema.parse(english.json()).person.bio).toBe(shipped.bio.en);
  });

  it('answers 404 for no such person and 400 for a malformed slug or language', async () => {
    const missing = await inject({ method: 'GET', url: '/api/people/nobody-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorResponse>().error.code).toBe('NOT_FOUND');
    for (const url of ['/api/people/Not%20A%20Slug', '/api/people/bill-gates?language=fr']) {
      const response = await inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<ErrorResponse>().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('imports again without writing anything when nothing changed', async () => {
    expect(await importer.importShipped()).toMatchObject({ skipped: true });
    const forced = await importer.importShipped({ force: true });
    expect(forced).toMatchObject({ skipped: false, inserted: 0, updated: 0, kept: 0 });
    expect(forced.unchanged).toBe(SHIPPED.length);
    expect((await list()).map((person) => person.slug)).toEqual(SHIPPED.map((person) => person.slug));
  });

  it('keeps out visitors and readers from the curation endpoints (401, 403)', async () => {
    const calls: (InjectOptions & { url: string })[] = [
      { method: 'GET', url: '/api/admin/people' },
      { method: 'POST', url: '/api/admin/people', payload: { slug: 'x', ...(await edit()) } },
      { method: 'PUT', url: '/api/admin/people/bill-gates', payload: await edit() },
      { method: 'DELETE', url: '/api/admin/people/bill-gates' },
    ];
    for (const call of calls) {
      const anonymous = await inject(call);
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      const asReader = await inject({ ...call, headers: bearer(reader.session) });
      expect(asReader.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(asReader.json<ErrorResponse>().error.code).toBe('FORBIDDEN');
    }
    expect((await list()).find((person) => person.slug === 'bill-gates')?.name).toBe('Bill Gates');
  });

  it("keeps an admin's change and removal through a re-import", async () => {
    const changed = await edit({ name: 'Bill Gates', field: 'founder', country: 'US' });
    const updated = await inject({
      method: 'PUT',
      url: '/api/admin/people/bill-gates',
      headers: bearer(admin.session),
      payload: changed,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(adminPersonResponseSchema.parse(updated.json()).person).toMatchObject({
      origin: 'admin',
      picks: [{ book: { id: changed.picks[0]!.bookId }, source: changed.picks[0]!.source }],
    });
    const removed = await inject({
      method: 'DELETE',
      url: '/api/admin/people/warren-buffett',
      headers: bearer(admin.session),
    });
    expect(removed.statusCode, removed.body).toBe(204);

    const again = await importer.importShipped({ force: true });
    expect(again).toMatchObject({ kept: 2, inserted: 0, updated: 0 });
    const shelf = await inject({ method: 'GET', url: '/api/people/bill-gates?language=en' });
    const { person } = personResponseSchema.parse(shelf.json());
    expect(person.bio).toBe('A reader.');
    expect(person.picks.map((pick) => pick.book.slug)).toEqual(['cosmos']);
    expect((await list()).map((entry) => entry.slug)).not.toContain('warren-buffett');
    const gone = await inject({ method: 'GET', url: '/api/people/warren-buffett' });
    expect(gone.statusCode).toBe(404);
    // The admin's authorship is recorded (it goes in their export).
    const [row] = await context.database.db
      .select({ editedBy: people.editedBy })
      .from(people)
      .where(eq(people.slug, 'bill-gates'));
    expect(row?.editedBy).toBe(admin.session.user.id);
  });

  it('lets an admin add a person, and refuses a taken slug, an unknown book or a pick without its source', async () => {
    const slug = `ada-${randomUUID().slice(0, 8)}`;
    const create = (payload: InjectOptions['payload']) =>
      inject({ method: 'POST', url: '/api/admin/people', headers: bearer(admin.session), payload });
    const created = await create({ slug, ...(await edit()) });
    expect(created.statusCode, created.body).toBe(201);
    expect((await list()).at(-1)).toMatchObject({ slug, name: 'Ada Reader', pickCount: 1 });

    const taken = await create({ slug, ...(await edit()) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorResponse>().error.code).toBe('CONFLICT');

    const before = await list();
    const base = await edit();
    const unknownBook = await create({
      slug: `${slug}-b`,
      ...base,
      picks: [{ ...base.picks[0]!, bookId: randomUUID() }],
    });
    expect(unknownBook.statusCode).toBe(404);
    const noSource = await create({ slug: `${slug}-c`, ...base, picks: [{ bookId: base.picks[0]!.bookId }] });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json<ErrorResponse>().error.code).toBe('VALIDATION_ERROR');
    const badLink = await create({
      slug: `${slug}-d`,
      ...base,
      picks: [{ ...base.picks[0]!, source: { ...base.picks[0]!.source, url: 'javascript:alert(1)' } }],
    });
    expect(badLink.statusCode).toBe(400);
    expect(await list()).toEqual(before);

    const listing = await inject({ method: 'GET', url: '/api/admin/people', headers: bearer(admin.session) });
    expect(listing.statusCode).toBe(200);
    const everyone = adminPeopleResponseSchema.parse(listing.json()).people;
    expect(everyone.find((person) => person.slug === slug)).toMatchObject({ origin: 'admin' });
    expect(everyone.find((person) => person.slug === 'oprah-winfrey')).toMatchObject({ origin: 'shipped' });
  });
});
