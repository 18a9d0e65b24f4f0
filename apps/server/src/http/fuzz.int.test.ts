/**
 * The HTTP fuzz suite (issue 10, "Tests that stay"): over 5,000 generated requests per database
 * across every JSON endpoint, with and without a session. Every answer must come within the time
 * bound, never be a 5xx, carry the security headers, and when it is an error be exactly
 * {"error":{"code","message"}} with no stack, SQL, path or echo of the input; a rejected request
 * must leave the database as it was. Violations are collected rather than shrunk, so one run
 * lists every distinct one with a request that reproduces it. FUZZ_SEED=<n> replays a run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@summa/shared';
import { z } from 'zod';
import { generateSummaryResponseSchema } from '@summa/shared';
import { startFakeLlmServer, type FakeLlmResponder, type FakeLlmServer } from '../test/fake-llm-server.js';
import { createActors, FUZZ_ADMIN_EMAILS, FUZZ_JWT_SECRET, type Actors } from '../test/fuzz-actors.js';
import { fuzzCases, fuzzEndpoints, oversizedCases, type FuzzEndpoint } from '../test/fuzz-endpoints.js';
import { databaseFingerprint, FuzzLedger, send, sendOverSocket, writeMark } from '../test/fuzz-invariants.js';
import { startFakeTtsServer, type FakeTtsServer } from '../test/fake-tts-server.js';
import { startFakeStripeServer, type FakeStripeServer } from '../test/fake-stripe-server.js';
import { stripeEnv } from '../test/stripe-events.js';
import { sampleNonFiction } from '../test/summary-responder.js';
import { createTestApp, TEST_DATABASES, type TestContext } from '../test/test-app.js';
import { bearer, signUpTestUser, uniqueIp } from '../test/test-users.js';

const MIN_REQUESTS_PER_DATABASE = 5_000;
const SOCKET_REQUESTS = 60;
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Routes whose success may end or rotate a session the suite keeps using. */
const SESSION_ROUTES = new Set([
  '/api/auth/logout',
  '/api/auth/refresh',
  '/api/me/password',
  '/api/me/sessions/{id}',
  '/api/me',
  '/api/auth/reset',
]);

/** The model knows every book and writes the same valid summary: generation itself is not under test. */
const fuzzModel: FakeLlmResponder = (request) =>
  JSON.stringify(request.body.response_format ?? {}).includes('"known"')
    ? {
        kind: 'json',
        body: { known: true, kind: 'nonfiction', originalTitle: 'Fuzz Book', author: 'Someone', year: null },
      }
    : { kind: 'json', body: sampleNonFiction('Fuzz Book') };

/** Which tables differ between two fingerprints. */
function changedTables(before: string, after: string): string {
  const was = JSON.parse(before) as Record<string, unknown>;
  const is = JSON.parse(after) as Record<string, unknown>;
  return Object.keys(is)
    .filter((table) => was[table] !== is[table])
    .join(', ');
}

/** Every area of fuzzEndpoints: an area left out here would be listed but never sent. */
const FUZZ_AREAS = ['operations', 'catalog', 'summaries', 'gamification', 'auth', 'billing', 'unknown'];

describe.each(TEST_DATABASES)('HTTP fuzz on %s', (kind) => {
  let fake: FakeLlmServer;
  let voice: FakeTtsServer;
  let stripe: FakeStripeServer;
  let storageDir: string;
  let oidc: OAuth2Server;
  let context: TestContext;
  let actors: Actors;
  let endpoints: Record<string, FuzzEndpoint[]>;
  let fingerprint: string;
  let mark: string;
  const ledgers = new Map<string, FuzzLedger>();
  let started = 0;

  beforeAll(async () => {
    started = performance.now();
    fake = await startFakeLlmServer({ responder: fuzzModel });
    // Every narration part is spoken at once: synthesis itself is not under test.
    voice = await startFakeTtsServer();
    stripe = await startFakeStripeServer();
    storageDir = await mkdtemp(path.join(tmpdir(), 'summa-fuzz-'));
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    context = await createTestApp(kind, {
      env: {
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: 'fake-model',
        TTS_BASE_URL: voice.baseUrl,
        STORAGE_DIR: storageDir,
        JWT_SECRET: FUZZ_JWT_SECRET,
        ADMIN_EMAILS: FUZZ_ADMIN_EMAILS.join(','),
        GOOGLE_CLIENT_ID: 'fuzz-client.apps.example.com',
        GOOGLE_CLIENT_SECRET: 'fuzz-client-secret',
        GOOGLE_ISSUER: oidc.issuer.url ?? '',
        PUBLIC_URL: 'http://summa.example',
        ...stripeEnv(stripe.apiBase),
      },
    });
    actors = await createActors(context.app);
    // One stored summary, so that reading and rating a real one are among the fuzzed requests.
    const generated = await context.app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: bearer(actors.user.session),
      payload: { bookTitle: 'Atomic Habits', bookAuthor: 'James Clear', language: 'en' },
    });
    const { summaryId } = generateSummaryResponseSchema.parse(generated.json());
    endpoints = fuzzEndpoints(summaryId);
    // The demo's narration, which the house makes on the first visit, made now in every language:
    // a later rejected request must not be blamed for its writes.
    for (const language of LANGUAGES) {
      await vi.waitFor(
        async () => {
          const demo = await context.app.inject({ method: 'GET', url: `/api/demo?language=${language}` });
          expect(demo.json<{ audio: unknown }>().audio).not.toBeNull();
        },
        { timeout: 30_000, interval: 100 },
      );
    }
    fingerprint = await databaseFingerprint(context.database.db);
    mark = await writeMark(context.database.db);
  });
  afterAll(async () => {
    await context.close();
    await oidc.stop();
    await fake.close();
    await voice.close();
    await stripe.close();
    await rm(storageDir, { recursive: true, force: true });
    const total = [...ledgers.values()].reduce((sum, ledger) => sum + ledger.total, 0);
    const perEndpoint = [...ledgers.values()].flatMap((ledger) => ledger.summary());
    const violations = [...ledgers.values()].reduce((sum, ledger) => sum + ledger.violations.size, 0);
    console.log(
      `fuzz on ${kind}: ${total} requests in ${Math.round((performance.now() - started) / 1000)} s, ` +
        `${violations} distinct violations, seed ${SEED}\n${perEndpoint.join('\n')}`,
    );
  });

  /** Sends the endpoint's generated requests and records what each answer broke. */
  async function fuzz(endpoint: FuzzEndpoint, ledger: FuzzLedger, seed: number): Promise<void> {
    const { db } = context.database;
    const cases = fc.sample(fuzzCases(endpoint, actors), { numRuns: endpoint.runs, seed });
    for (const pending of cases) {
      const began = performance.now();
      const fuzzCase = pending.build(actors);
      const { response, problems } = await send(context.app, fuzzCase);
      const status = response?.statusCode;
      if (status !== undefined && status < 300 && SESSION_ROUTES.has(endpoint.route)) {
        if (endpoint.route === '/api/auth/refresh') actors.refreshed(response?.json());
        await actors.repair();
      }
      // Sign-up, recovery and confirmation (the request's, or the suite's own new sessions) mail
      // in the background, after the answer: their writes land before the comparison.
      await context.app.mail.settled();
      if ((await writeMark(db)) !== mark) {
        const after = await databaseFingerprint(db);
        if ((status === undefined || status >= 400) && after !== fingerprint) {
          problems.push(`rejected request changed ${changedTables(fingerprint, after)}`);
        }
        fingerprint = after;
        mark = await writeMark(db);
      }
      ledger.record(fuzzCase, status, response?.body ?? '', problems, performance.now() - began);
    }
  }

  it('fuzzes every operation of the OpenAPI document', async () => {
    const document = context.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const fuzzed = new Set(
      Object.values(endpoints)
        .flat()
        .map((endpoint) => `${endpoint.method} ${endpoint.route}`),
    );
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((operation) => !fuzzed.has(operation))).toEqual([]);
  });

  it('notices a write to the database and ignores rate-limit counters', async () => {
    const { db } = context.database;
    const before = await databaseFingerprint(db);
    await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong password' },
      remoteAddress: uniqueIp(),
    });
    expect(await databaseFingerprint(db)).toBe(before);
    await signUpTestUser(context.app);
    expect(changedTables(before, await databaseFingerprint(db))).toContain('users');
    // The sign-up's confirmation mail lands after the answer: the baseline must hold it, or a later
    // rejected request that moves only the write mark (a rate-limit counter) is blamed for it.
    await context.app.mail.settled();
    fingerprint = await databaseFingerprint(db);
    mark = await writeMark(db);
  });

  it('runs every area of the endpoint list', () => {
    expect(Object.keys(endpoints).sort()).toEqual([...FUZZ_AREAS].sort());
  });

  it.each(FUZZ_AREAS)(
    'answers every generated %s request within bounds and in the error shape',
    async (area) => {
      const ledger = new FuzzLedger();
      ledgers.set(area, ledger);
      const list = endpoints[area] ?? [];
      for (const [index, endpoint] of list.entries()) {
        await fuzz(endpoint, ledger, SEED + index * 7_919 + area.length);
      }
      expect(ledger.total).toBe(list.reduce((sum, endpoint) => sum + endpoint.runs, 0));
      expect(
        ledger.violations.size,
        `distinct violations (replay with FUZZ_SEED=${SEED}):\n${ledger.report()}`,
      ).toBe(0);
    },
    240_000,
  );

  it('answers oversized requests on a real socket within bounds and in the error shape', async () => {
    const ledger = new FuzzLedger();
    ledgers.set('socket', ledger);
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = z.object({ port: z.number() }).parse(context.app.server.address());
    for (const fuzzCase of fc.sample(oversizedCases, { numRuns: SOCKET_REQUESTS, seed: SEED })) {
      const { response, problems, elapsedMs } = await sendOverSocket(port, fuzzCase);
      ledger.record(fuzzCase, response?.statusCode, response?.body ?? '', problems, elapsedMs);
    }
    expect(ledger.total).toBe(SOCKET_REQUESTS);
    expect(
      ledger.violations.size,
      `distinct violations (replay with FUZZ_SEED=${SEED}):\n${ledger.report()}`,
    ).toBe(0);
  });

  it(`sent at least ${MIN_REQUESTS_PER_DATABASE} requests`, () => {
    const total = [...ledgers.values()].reduce((sum, ledger) => sum + ledger.total, 0);
    expect(total).toBeGreaterThanOrEqual(MIN_REQUESTS_PER_DATABASE);
  });
});
