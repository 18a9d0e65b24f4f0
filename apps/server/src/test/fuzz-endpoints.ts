/**
 * Every JSON endpoint of the server with how the fuzz suite calls it: a generated body from the
 * route's zod contract, a query string from its query contract, a path parameter, and how many
 * requests each gets. `fuzzCases` turns an endpoint into generated requests.
 */
import fc from 'fast-check';
import { z } from 'zod';
import {
  adminReadersQuerySchema,
  adminRoleRequestSchema,
  adminSummariesQuerySchema,
  adminUsersQuerySchema,
  audioQuerySchema,
  checkoutRequestSchema,
  contactRequestSchema,
  audioRequestSchema,
  catalogSearchRequestSchema,
  categoriesQuerySchema,
  changeMyEmailRequestSchema,
  changeMyPasswordRequestSchema,
  deleteAccountRequestSchema,
  exploreQuerySchema,
  feedbackRequestSchema,
  generateSummaryRequestSchema,
  googleExchangeRequestSchema,
  googleStartQuerySchema,
  historyQuerySchema,
  peopleLanguageQuerySchema,
  personCreateSchema,
  personEditSchema,
  profileUpdateSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  reminderSettingsSchema,
  reviewGradeRequestSchema,
  listeningReportSchema,
  reminderUnsubscribeQuerySchema,
  rankingQuerySchema,
  loginRequestSchema,
  randomBookQuerySchema,
  recoverRequestSchema,
  refreshRequestSchema,
  resetRequestSchema,
  confirmEmailRequestSchema,
  signedFileQuerySchema,
  signupRequestSchema,
  testimonialsQuerySchema,
  demoQuerySchema,
  translateSummaryRequestSchema,
  xpEventRequestSchema,
} from '@summa/shared';
import { PLACEHOLDERS, type Actors, type Caller } from './fuzz-actors.js';
import {
  contractBody,
  contractQuery,
  email,
  encodeComponent,
  HOSTILE_STRINGS,
  hostileString,
} from './fuzz-arbitraries.js';
import {
  accept,
  acceptLanguage,
  contentType,
  extraHeaders,
  garbageBody,
  remoteAddress,
} from './fuzz-transport.js';
import type { FuzzCase } from './fuzz-invariants.js';

type Method = FuzzCase['method'];

export interface FuzzEndpoint {
  method: Method;
  /** The path as the OpenAPI document writes it (`{id}` or `{file}` for a parameter, `{*}` for a wildcard). */
  route: string;
  /** Requests to generate: about 5,000 over every endpoint per database (issue 10's floor). */
  runs: number;
  body?: fc.Arbitrary<string | Buffer>;
  query?: fc.Arbitrary<string>;
  /** The encoded value of the path parameter (`{id}`, `{feedbackId}`), or the `{*}` rest of the path. */
  id?: fc.Arbitrary<string>;
  /** A query string with the headers that go with it (the Google state and its cookie). */
  queryWithHeaders?: fc.Arbitrary<{ query: string; headers: Record<string, string> }>;
  /** Relative weights of callers: anonymous, the reader, the admin, a forged token. */
  callers?: { none: number; user: number; admin: number; forged: number };
}

/** A generic query string for routes without a query contract. */
const anyQuery = contractQuery(z.object({ q: z.string(), page: z.number().int() }));

/** The callback's query (declared inline on the route) and the state cookie that must match it. */
const googleCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});
const cookieSafe = fc.stringMatching(/^[\w-]{1,64}$/);
const googleCallback = fc.oneof(
  { weight: 2, arbitrary: contractQuery(googleCallbackQuery).map((query) => ({ query, headers: {} })) },
  {
    // A state that matches its cookie gets past the CSRF check to the pending sign-in lookup.
    weight: 1,
    arbitrary: fc.tuple(cookieSafe, fc.oneof(cookieSafe, hostileString)).map(([state, code]) => ({
      query: `code=${encodeComponent(code)}&state=${state}`,
      headers: { cookie: `summa_google_state=${state}` },
    })),
  },
);

/** Path parameters: real ids, uuids of nothing, and hostile segments (long ones pass Fastify's limit). */
function idSegment(realIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 4, arbitrary: hostileString.filter((text) => text.length > 0).map(encodeComponent) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '..',
        '%2e%2e',
        '%2F',
        '%00',
        '%ED%A0%80',
        '%',
        '%zz',
        'a'.repeat(101),
        'a'.repeat(5_000),
      ),
    },
  );
}

const knownPassword = fc.constantFrom(PLACEHOLDERS.userPassword);
const knownEmail = fc.constantFrom(PLACEHOLDERS.userEmail);

/** The endpoints and their share of the requests (8,395 in all). */
export function fuzzEndpoints(summaryId: string): Record<string, FuzzEndpoint[]> {
  const id = idSegment([summaryId]);
  // The admin console's actions get ids of nothing (and hostile ones): an admin caller must not
  // delete, sign out or demote the actors, nor remove the summary the other areas read.
  const nobody = idSegment(['00000000-0000-4000-8000-000000000000']);
  const admins = { none: 3, user: 3, admin: 3, forged: 2 };
  // Admin endpoints where the guard is what is fuzzed: mostly callers it turns away.
  const guarded = { none: 3, user: 3, admin: 2, forged: 2 };
  // The curation's writes: mostly an admin, so that bodies reach the rules behind the guard.
  const curators = { none: 2, user: 2, admin: 4, forged: 2 };
  // Mostly the signed-in reader: the actions of a reader's own.
  const readers = { none: 1, user: 6, admin: 1, forged: 2 };
  // Mostly the real summary, so that requests get past the lookup to the rules behind it.
  const mostlyTheSummary = fc.oneof(
    { weight: 2, arbitrary: fc.constant(summaryId) },
    { weight: 1, arbitrary: id },
  );
  return {
    operations: [
      { method: 'GET', route: '/healthz', runs: 60 },
      { method: 'GET', route: '/readyz', runs: 60 },
      { method: 'GET', route: '/api/status', runs: 60 },
      {
        method: 'GET',
        route: '/api/admin/status',
        runs: 60,
        callers: guarded,
      },
      { method: 'GET', route: '/api/auth/config', runs: 60 },
      // Anyone may write: stored (CONTACT_TO is unset here), a honeypot or a rate limit in between.
      {
        method: 'POST',
        route: '/api/contact',
        runs: 95,
        body: contractBody(contactRequestSchema, { email: fc.oneof(email, knownEmail) }),
        callers: { none: 5, user: 3, admin: 1, forged: 1 },
      },
      { method: 'GET', route: '/api/testimonials', runs: 60, query: contractQuery(testimonialsQuerySchema) },
      // The demo (no session): one editorial summary and the narration the house makes once.
      { method: 'GET', route: '/api/demo', runs: 40, query: contractQuery(demoQuerySchema) },
      {
        method: 'GET',
        route: '/api/admin/testimonials',
        runs: 30,
        callers: guarded,
      },
      {
        method: 'PUT',
        route: '/api/admin/testimonials/{feedbackId}',
        runs: 40,
        id,
        callers: admins,
      },
      {
        method: 'DELETE',
        route: '/api/admin/testimonials/{feedbackId}',
        runs: 40,
        id,
        callers: admins,
      },
      { method: 'GET', route: '/api/admin/contact-messages', runs: 20, callers: admins },
      {
        method: 'PUT',
        route: '/api/admin/contact-messages/{id}/handled',
        runs: 20,
        id: nobody,
        callers: admins,
      },
      { method: 'GET', route: '/api/admin/feedback', runs: 20, callers: admins },
      { method: 'GET', route: '/api/admin/usage', runs: 20, callers: admins },
      { method: 'GET', route: '/api/admin/audit', runs: 20, callers: admins },
      { method: 'GET', route: '/api/docs', runs: 30 },
      { method: 'GET', route: '/api/docs/json', runs: 30 },
      {
        method: 'GET',
        route: '/api/docs/static/{id}',
        runs: 30,
        id: fc.oneof(
          fc.constantFrom('index.html', '..%2F..%2Fpackage.json', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'),
          id,
        ),
      },
      {
        // Stored files: key-shaped paths, traversals and hostile segments, with made-up signatures.
        method: 'GET',
        route: '/api/files/{*}',
        runs: 60,
        id: fc.oneof(
          fc.uuid().map((uuid) => `audio/2026/11/${uuid}.mp3`),
          fc.constantFrom('..%2F..%2Fpackage.json', 'audio/%2e%2e/%2e%2e/etc/passwd', '.x', ''),
          id,
        ),
        query: contractQuery(signedFileQuerySchema),
      },
    ],
    auth: [
      {
        method: 'POST',
        route: '/api/auth/signup',
        runs: 155,
        body: contractBody(signupRequestSchema, { email: fc.oneof(email, knownEmail) }),
      },
      {
        method: 'POST',
        route: '/api/auth/login',
        runs: 155,
        body: contractBody(loginRequestSchema, {
          email: fc.oneof(email, knownEmail),
          password: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), knownPassword),
        }),
      },
      {
        method: 'POST',
        route: '/api/auth/refresh',
        runs: 155,
        body: contractBody(refreshRequestSchema, {
          refresh_token: fc.oneof(
            fc.base64String({ minLength: 4, maxLength: 64 }),
            fc.constant(PLACEHOLDERS.userRefresh),
          ),
        }),
      },
      { method: 'POST', route: '/api/auth/logout', runs: 95, body: garbageBody },
      { method: 'GET', route: '/api/auth/user', runs: 125 },
      {
        method: 'POST',
        route: '/api/me/password',
        runs: 125,
        body: contractBody(changeMyPasswordRequestSchema),
      },
      { method: 'POST', route: '/api/me/email', runs: 60, body: contractBody(changeMyEmailRequestSchema) },
      { method: 'GET', route: '/api/me/sessions', runs: 40 },
      { method: 'DELETE', route: '/api/me/sessions/{id}', runs: 40, id },
      { method: 'GET', route: '/api/me/export', runs: 30 },
      // Never the reader's password: the suite goes on with this account.
      { method: 'DELETE', route: '/api/me', runs: 40, body: contractBody(deleteAccountRequestSchema) },
      {
        method: 'POST',
        route: '/api/auth/recover',
        runs: 125,
        body: contractBody(recoverRequestSchema, { email: fc.oneof(email, knownEmail) }),
      },
      { method: 'POST', route: '/api/auth/reset', runs: 125, body: contractBody(resetRequestSchema) },
      {
        method: 'POST',
        route: '/api/auth/confirm',
        runs: 95,
        body: contractBody(confirmEmailRequestSchema),
      },
      { method: 'POST', route: '/api/auth/confirm/resend', runs: 60, body: garbageBody },
      {
        method: 'GET',
        route: '/api/auth/google/start',
        runs: 125,
        query: contractQuery(googleStartQuerySchema),
      },
      {
        method: 'GET',
        route: '/api/auth/google/callback',
        runs: 155,
        queryWithHeaders: googleCallback,
      },
      {
        method: 'POST',
        route: '/api/auth/google/exchange',
        runs: 125,
        body: contractBody(googleExchangeRequestSchema),
      },
    ],
    catalog: [
      {
        method: 'POST',
        route: '/api/catalog/search',
        runs: 310,
        body: contractBody(catalogSearchRequestSchema, {
          query: fc.oneof(
            fc.constantFrom('mind', 'hábitos', 'atomic', 'deep wrk', 'a'),
            fc.string({ maxLength: 30 }),
            hostileString.filter((text) => text.length <= 200),
          ),
        }),
      },
      {
        method: 'GET',
        route: '/api/catalog/books',
        runs: 310,
        query: contractQuery(exploreQuerySchema, {
          q: fc.constantFrom('mind', 'sono', 'habit', ...HOSTILE_STRINGS),
        }),
      },
      {
        method: 'GET',
        route: '/api/catalog/categories',
        runs: 125,
        query: contractQuery(categoriesQuerySchema),
      },
      { method: 'GET', route: '/api/catalog/random', runs: 125, query: contractQuery(randomBookQuerySchema) },
      {
        // Stored covers: names shaped like a cover's (none is stored here), and hostile ones.
        method: 'GET',
        route: '/api/covers/{file}',
        runs: 60,
        id: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}\.(jpg|png)$/), id),
      },
      // People and their shelves (public), the reader's reading list, and the curation (admins).
      { method: 'GET', route: '/api/people', runs: 30 },
      {
        method: 'GET',
        route: '/api/people/{slug}',
        runs: 60,
        id: fc.oneof(fc.constantFrom('bill-gates', 'antonio-candido'), id),
        query: contractQuery(peopleLanguageQuerySchema),
      },
      {
        method: 'GET',
        route: '/api/me/reading-list',
        runs: 40,
        query: contractQuery(peopleLanguageQuerySchema),
      },
      { method: 'PUT', route: '/api/me/reading-list/{bookId}', runs: 60, id },
      { method: 'DELETE', route: '/api/me/reading-list/{bookId}', runs: 40, id },
      // The daily reminder, its push subscriptions and the e-mail's unsubscribe link (no session).
      { method: 'GET', route: '/api/me/reminders', runs: 20 },
      { method: 'PUT', route: '/api/me/reminders', runs: 60, body: contractBody(reminderSettingsSchema) },
      { method: 'GET', route: '/api/reminders/push-key', runs: 20 },
      {
        method: 'POST',
        route: '/api/me/push-subscriptions',
        runs: 40,
        body: contractBody(pushSubscriptionSchema),
      },
      {
        method: 'DELETE',
        route: '/api/me/push-subscriptions',
        runs: 30,
        body: contractBody(pushUnsubscribeSchema),
      },
      {
        method: 'GET',
        route: '/api/reminders/unsubscribe',
        runs: 30,
        query: contractQuery(reminderUnsubscribeQuerySchema),
      },
      {
        method: 'POST',
        route: '/api/reminders/unsubscribe',
        runs: 30,
        query: contractQuery(reminderUnsubscribeQuerySchema),
      },
      {
        method: 'GET',
        route: '/api/admin/people',
        runs: 30,
        callers: guarded,
      },
      {
        method: 'POST',
        route: '/api/admin/people',
        runs: 40,
        body: contractBody(personCreateSchema),
        callers: curators,
      },
      {
        method: 'PUT',
        route: '/api/admin/people/{slug}',
        runs: 40,
        id: fc.oneof(fc.constant('oprah-winfrey'), id),
        body: contractBody(personEditSchema),
        callers: curators,
      },
      {
        method: 'DELETE',
        route: '/api/admin/people/{slug}',
        runs: 30,
        id: fc.oneof(fc.constant('machado-de-assis'), id),
        callers: guarded,
      },
      // Each admin call re-imports the whole catalogue: few calls, most of them refused.
      {
        method: 'POST',
        route: '/api/admin/catalog/import',
        runs: 35,
        callers: { none: 3, user: 3, admin: 1, forged: 3 },
      },
    ],
    summaries: [
      { method: 'GET', route: '/api/me/usage', runs: 95 },
      {
        method: 'POST',
        route: '/api/summaries',
        runs: 185,
        body: contractBody(generateSummaryRequestSchema, {
          bookId: fc.oneof(fc.uuid(), fc.string({ maxLength: 20 })),
        }),
      },
      { method: 'GET', route: '/api/summaries/{id}', runs: 155, id },
      {
        // Public: anyone's shared-link preview of the real summary, or of none.
        method: 'GET',
        route: '/api/summaries/{id}/preview',
        runs: 60,
        id: fc.oneof({ weight: 1, arbitrary: fc.constant(summaryId) }, { weight: 2, arbitrary: id }),
      },
      {
        method: 'POST',
        route: '/api/summaries/{id}/feedback',
        runs: 155,
        // Mostly the reader rating the real summary, so that bodies reach the database.
        id: mostlyTheSummary,
        callers: readers,
        body: contractBody(feedbackRequestSchema),
      },
      { method: 'GET', route: '/api/history', runs: 155, query: contractQuery(historyQuerySchema) },
      {
        method: 'GET',
        route: '/api/summaries/{id}/pdf',
        runs: 60,
        // The fuzz readers are on the free plan: the real summary meets the Premium gate.
        id: mostlyTheSummary,
      },
      {
        method: 'POST',
        route: '/api/summaries/{id}/translations',
        runs: 60,
        // Free fuzz readers meet the Premium gate; forged plan fields must not pass it.
        id: mostlyTheSummary,
        body: contractBody(translateSummaryRequestSchema),
      },
      {
        method: 'GET',
        route: '/api/summaries/{id}/audio',
        runs: 95,
        id: mostlyTheSummary,
        query: contractQuery(audioQuerySchema),
      },
      {
        method: 'POST',
        route: '/api/summaries/{id}/audio',
        runs: 95,
        // The real summary reaches the quota and the (unreachable) voice; the rest is refused first.
        id: mostlyTheSummary,
        callers: readers,
        body: contractBody(audioRequestSchema),
      },
      {
        method: 'POST',
        route: '/api/summaries/{id}/audio/listened',
        runs: 40,
        id: mostlyTheSummary,
        callers: readers,
        body: contractBody(listeningReportSchema),
      },
    ],
    gamification: [
      {
        method: 'POST',
        route: '/api/xp',
        runs: 155,
        // Mostly the real summary, so that awards reach the database (and must not leak or double).
        body: contractBody(xpEventRequestSchema, {
          subjectId: fc.oneof(
            { weight: 2, arbitrary: fc.constant(summaryId) },
            { weight: 1, arbitrary: fc.uuid() },
          ),
        }),
        callers: readers,
      },
      { method: 'GET', route: '/api/me', runs: 60 },
      // The daily review: the due cards (made from the reader's history) and grades of cards.
      { method: 'GET', route: '/api/reviews/due', runs: 30 },
      {
        method: 'POST',
        route: '/api/reviews/{cardId}',
        runs: 60,
        id,
        body: contractBody(reviewGradeRequestSchema),
      },
      {
        method: 'PATCH',
        route: '/api/me/profile',
        runs: 155,
        body: contractBody(profileUpdateSchema),
        callers: readers,
      },
      { method: 'POST', route: '/api/me/avatar', runs: 60, body: garbageBody },
      { method: 'GET', route: '/api/ranking', runs: 95, query: contractQuery(rankingQuerySchema) },
      { method: 'GET', route: '/api/achievements', runs: 60 },
    ],
    // Stripe is the fake one; webhooks are unsigned garbage or made up, so all are refused.
    billing: [
      { method: 'GET', route: '/api/billing/config', runs: 30 },
      { method: 'GET', route: '/api/billing/subscription', runs: 60 },
      {
        method: 'POST',
        route: '/api/billing/checkout',
        runs: 95,
        body: contractBody(checkoutRequestSchema),
        callers: { none: 2, user: 5, admin: 1, forged: 2 },
      },
      { method: 'POST', route: '/api/billing/portal', runs: 60, body: garbageBody },
      {
        method: 'POST',
        route: '/api/billing/webhook',
        runs: 95,
        body: garbageBody,
        callers: { none: 6, user: 1, admin: 1, forged: 2 },
      },
      {
        method: 'GET',
        route: '/api/admin/users',
        runs: 60,
        query: contractQuery(adminUsersQuerySchema, { email: fc.oneof(email, hostileString) }),
        callers: admins,
      },
      {
        method: 'POST',
        route: '/api/admin/users/{id}/premium',
        runs: 60,
        id,
        callers: admins,
      },
      {
        method: 'DELETE',
        route: '/api/admin/users/{id}/premium',
        runs: 60,
        id,
        callers: admins,
      },
      // The admin console's readers and summaries (ADR 0030).
      {
        method: 'GET',
        route: '/api/admin/readers',
        runs: 20,
        query: contractQuery(adminReadersQuerySchema, { q: fc.oneof(email, hostileString) }),
        callers: admins,
      },
      {
        method: 'PUT',
        route: '/api/admin/readers/{id}/role',
        runs: 20,
        id: nobody,
        body: contractBody(adminRoleRequestSchema),
        callers: admins,
      },
      { method: 'POST', route: '/api/admin/readers/{id}/sign-out', runs: 20, id: nobody, callers: admins },
      { method: 'DELETE', route: '/api/admin/readers/{id}', runs: 20, id: nobody, callers: admins },
      {
        method: 'GET',
        route: '/api/admin/summaries',
        runs: 20,
        query: contractQuery(adminSummariesQuerySchema),
        callers: admins,
      },
      { method: 'GET', route: '/api/admin/summaries/{id}', runs: 20, id, callers: admins },
      { method: 'DELETE', route: '/api/admin/summaries/{id}', runs: 20, id: nobody, callers: admins },
      {
        method: 'POST',
        route: '/api/admin/summaries/{id}/regenerate',
        runs: 20,
        id: nobody,
        callers: admins,
      },
    ],
    unknown: [
      {
        method: 'GET',
        route: '/api/{id}',
        runs: 60,
        id: hostileString.filter((text) => text.length > 0).map(encodeComponent),
      },
      { method: 'DELETE', route: '/api/summaries/{id}', runs: 25, id },
      { method: 'PUT', route: '/api/auth/user', runs: 25, body: garbageBody },
      { method: 'PATCH', route: '/api/catalog/books', runs: 25, body: garbageBody },
      { method: 'OPTIONS', route: '/api/auth/login', runs: 25 },
    ],
  };
}

/**
 * Requests too large for Node's HTTP parser or Fastify's router: long query strings, long path
 * parameters, long and many headers. Sent over a real socket.
 */
export const oversizedCases: fc.Arbitrary<FuzzCase> = fc
  .record({
    kind: fc.constantFrom('query', 'param', 'header', 'headers'),
    kilobytes: fc.integer({ min: 1, max: 96 }),
    language: acceptLanguage,
  })
  .map(({ kind, kilobytes, language }): FuzzCase => {
    const filler = 'a'.repeat(kilobytes * 1_024);
    const base = {
      method: 'GET' as const,
      headers: { 'accept-language': language },
      remoteAddress: '127.0.0.1',
    };
    if (kind === 'query')
      return { ...base, endpoint: 'socket: long query', url: `/api/catalog/books?q=${filler}` };
    if (kind === 'param')
      return { ...base, endpoint: 'socket: long path parameter', url: `/api/summaries/${filler}` };
    if (kind === 'header') {
      return {
        ...base,
        endpoint: 'socket: long header',
        url: '/api/catalog/categories',
        headers: { ...base.headers, 'x-filler': filler },
      };
    }
    const many = Object.fromEntries(
      Array.from({ length: kilobytes * 8 }, (_, n) => [`x-filler-${n}`, 'a'.repeat(100)]),
    );
    return {
      ...base,
      endpoint: 'socket: many headers',
      url: '/api/catalog/categories',
      headers: { ...base.headers, ...many },
    };
  });

const DEFAULT_CALLERS = { none: 3, user: 4, admin: 1, forged: 3 };

function callers(actors: Actors, weights = DEFAULT_CALLERS): fc.Arbitrary<Caller> {
  return fc.oneof(
    { weight: weights.none, arbitrary: fc.constant<Caller>('none') },
    { weight: weights.user, arbitrary: fc.constant<Caller>('user') },
    { weight: weights.admin, arbitrary: fc.constant<Caller>('admin') },
    {
      weight: weights.forged,
      arbitrary: fc.constantFrom(...actors.forged).map((forged): Caller => ({ forged })),
    },
  );
}

/** A generated request, still naming its caller (the tokens are looked up when it is sent). */
export interface PendingCase {
  caller: Caller;
  build(actors: Actors): FuzzCase;
}

export function fuzzCases(endpoint: FuzzEndpoint, actors: Actors): fc.Arbitrary<PendingCase> {
  const hasBody = endpoint.body !== undefined;
  return fc
    .record({
      caller: callers(actors, endpoint.callers),
      // Routes with a contract get contract-shaped bodies mostly; the others garbage now and then.
      body: hasBody
        ? fc.oneof(
            { weight: 5, arbitrary: endpoint.body ?? garbageBody },
            { weight: 1, arbitrary: garbageBody },
          )
        : fc.option(garbageBody, { freq: 8, nil: undefined }),
      contentType,
      route:
        endpoint.queryWithHeaders ??
        (endpoint.query ?? fc.option(anyQuery, { freq: 4, nil: '' })).map((query) => ({
          query,
          headers: {},
        })),
      id: endpoint.id ?? fc.constant(''),
      accept,
      acceptLanguage,
      extras: fc.option(extraHeaders, { freq: 3, nil: {} }),
      remoteAddress,
    })
    .map((generated): PendingCase => ({
      caller: generated.caller,
      build: (actors) => {
        const path = endpoint.route.replace(/\{(\w+|\*)\}/, generated.id);
        const query = generated.route.query ? `?${generated.route.query}` : '';
        const payload = typeof generated.body === 'string' ? actors.fill(generated.body) : generated.body;
        return {
          endpoint: `${endpoint.method} ${endpoint.route}`,
          method: endpoint.method,
          url: `${path}${query}`,
          headers: {
            ...generated.extras,
            ...generated.route.headers,
            authorization: actors.authorization(generated.caller),
            accept: generated.accept,
            'accept-language': generated.acceptLanguage,
            ...(payload === undefined ? {} : { 'content-type': generated.contentType }),
          },
          payload,
          remoteAddress: generated.remoteAddress,
        };
      },
    }));
}
