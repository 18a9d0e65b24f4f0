// Generation pipeline benchmark: `npm run bench:generation`. Run `npm run build` first: the
// Chromium figure loads the built web app (apps/web/dist). Starts the app in this process on
// PGlite with the fake OpenAI-compatible model server (the model's time is then only the fake's
// streaming), and prints JSON with:
// - overheadMs: a POST /api/summaries for a new book minus the same model answer fetched straight
//   through the provider (median and max of 20 books, after one more that warms the process up;
//   target <= 30 ms);
// - coldOverheadMs: the same two figures for that first generation, which also compiles the code
//   it runs;
// - overheadOwnCallsMs: the same POST minus the time its own model calls took, from each call's
//   fetch to its answer's last byte (no second, separately timed call whose jitter adds to or
//   takes from the figure); the share of the total that is the app's own;
// - firstSectionToDomMs: from the model finishing the summary's first section (the moment that
//   section's last characters pass a tap between the app and the fake model, which streams
//   slowly) to that section's text appearing in the progress overlay's DOM in Chromium (a
//   MutationObserver timestamp, brought onto this process's clock by a measured offset); median
//   and max of FIRST_SECTION_RUNS generations (default 10; target <= 150 ms);
// - modelCallsFor100Identical: model calls made for 100 concurrent requests of one book (target 1);
// - cachedGet: GET /api/summaries/:id requests/s next to a bare Fastify route answering the same
//   summary (and one answering a tiny body) in the same run
//   (autocannon, 50 connections, ROUNDS rounds taking turns, the median round; target ratio >= 0.5);
// - statementsPerGeneration: the database statements one generation sends (median).
// CPU_PROFILE=file profiles the 20 generations and lists their hot spots.
import type { AddressInfo } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createAiSdkProvider } from '../apps/server/src/providers/llm/ai-sdk-provider.js';
import { startFakeLlmServer } from '../apps/server/src/test/fake-llm-server.js';
import { bookResponder } from '../apps/server/src/test/summary-responder.js';
import { summarizePrompt } from '../apps/server/src/features/summaries/generation/prompts/index.js';
import { measureFirstSectionToDom } from './first-section-to-dom.js';
import { premiumBenchReader } from './bench-reader.js';
import { profiled, type HotSpot } from './cpu-profile.js';
import { median } from './median.js';

const BOOKS = 20;
const DURATION_S = Number(process.env.DURATION ?? 8);
const FIRST_SECTION_RUNS = Number(process.env.FIRST_SECTION_RUNS ?? 10);
/** Rounds of the cached read and its bare route, taking turns; the median round is reported. */
const ROUNDS = Number(process.env.ROUNDS ?? 3);

async function fire(url: string, headers: Record<string, string>): Promise<Result> {
  // The load generator runs in its own thread, off the server's event loop.
  return autocannon({ url, connections: 50, duration: DURATION_S, headers, workers: 1 });
}

/** Times the model calls this process makes (the app's, through the AI SDK's fetch). */
function tapModelCalls(): { total: () => number; reset: () => void } {
  let spentMs = 0;
  const original = globalThis.fetch;
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    const started = performance.now();
    const response = await original(...args);
    if (!response.body) return response;
    const reader = response.body.getReader();
    const timed = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const chunk = await reader.read();
        if (chunk.done) {
          spentMs += performance.now() - started;
          controller.close();
        } else controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(timed, { status: response.status, headers: response.headers });
  };
  return { total: () => spentMs, reset: () => (spentMs = 0) };
}

async function main() {
  const fake = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 64 }) });
  const database = await openDatabase({ kind: 'pglite' });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: fake.baseUrl,
    LLM_MODEL: 'fake-model',
    // One reader generates as fast as it can: measure the generation, not the fair-use limits.
    GENERATION_LIMIT_PER_USER_PER_HOUR: '0',
    GENERATION_LIMIT_GLOBAL_PER_MINUTE: '0',
    // No covers fetched from the internet while measuring.
    COVERS_FETCH: 'off',
  });
  const app = await buildApp({ config: { ...config, webDistDir: undefined }, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const session = await premiumBenchReader(app, database, 'bench@summa.test');
  const auth = { authorization: `Bearer ${session.access_token}` };

  // The model's own time: the same answer straight through the provider.
  const provider = createAiSdkProvider({
    provider: 'openai-compatible',
    model: 'fake-model',
    baseUrl: fake.baseUrl,
    apiKey: undefined,
    modelsDir: '/tmp',
    idleTimeoutMs: 60_000,
  });
  const overheads: number[] = [];
  const ownCallOverheads: number[] = [];
  const statementsPerGeneration: number[] = [];
  const modelCalls = tapModelCalls();
  /** Generates one book; its overhead beyond the model (timed apart, and at the app's fetch) and its statements. */
  const generateBook = async (title: string) => {
    // Identify first, as the pipeline does for a book outside the catalogue.
    const directStart = performance.now();
    for (const prompt of [
      {
        ...summarizePrompt('en', 'nonfiction', { title: `"${title}"`, author: 'Bencher' }),
        jsonSchema: { properties: { known: {} } },
      },
      { ...summarizePrompt('en', 'nonfiction', { title, author: 'Bencher' }), jsonSchema: {} },
    ]) {
      for await (const chunk of provider.streamJson({
        ...prompt,
        maxOutputTokens: 4096,
        temperature: 0,
        signal: new AbortController().signal,
      })) {
        if (chunk === '') continue;
      }
    }
    const modelMs = performance.now() - directStart;
    modelCalls.reset();
    const statementsBefore = database.poolStats().statements;
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/summaries',
      headers: auth,
      payload: { bookTitle: title, bookAuthor: 'Bencher', language: 'en' },
    });
    if (response.statusCode !== 200) throw new Error(`generation failed: ${response.body}`);
    const wallMs = performance.now() - started;
    return {
      overhead: wallMs - modelMs,
      ownCalls: wallMs - modelCalls.total(),
      statements: database.poolStats().statements - statementsBefore,
    };
  };
  // The process's first generation also compiles the code it runs: measured, and reported apart.
  const cold = await generateBook('Bench Book warm-up');
  const generateBooks = async () => {
    for (let n = 0; n < BOOKS; n++) {
      const { overhead, ownCalls, statements } = await generateBook(`Bench Book ${n}`);
      overheads.push(overhead);
      ownCallOverheads.push(ownCalls);
      statementsPerGeneration.push(statements);
    }
  };
  let profile: HotSpot[] | undefined;
  if (process.env.CPU_PROFILE) profile = (await profiled(process.env.CPU_PROFILE, generateBooks)).hot;
  else await generateBooks();

  fake.reset();
  fake.respondWith(bookResponder({ chunkSize: 16, delayMs: 2 }));
  const identical = await Promise.all(
    Array.from({ length: 100 }, () =>
      app.inject({
        method: 'POST',
        url: '/api/summaries',
        headers: auth,
        payload: { bookTitle: 'Deep Work', bookAuthor: 'Cal Newport', language: 'en' },
      }),
    ),
  );
  const summaryId = identical[0]?.json<{ summaryId: string }>().summaryId;
  const modelCallsForIdentical = fake.requests.length;

  // Two bare routes: a tiny answer, and the very summary the app answers (same bytes on the
  // wire), so the ratio to the latter is what the app's own work costs.
  const summaryBody: unknown = JSON.parse(
    (await app.inject({ method: 'GET', url: `/api/summaries/${summaryId}`, headers: auth })).body,
  );
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  bare.get('/bare-summary', async () => summaryBody);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
  const bareTiny = await fire(`${bareBase}/bare`, {});
  // The bare route and the app take turns, and each round's ratio is kept: on two shared cores
  // the machine's speed drifts within a minute, by more than the difference being measured.
  const rounds: { bare: Result; cached: Result; ratio: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareRound = await fire(`${bareBase}/bare-summary`, {});
    const cachedRound = await fire(`${base}/api/summaries/${summaryId}`, auth);
    rounds.push({
      bare: bareRound,
      cached: cachedRound,
      ratio: cachedRound.requests.average / bareRound.requests.average,
    });
  }
  // The median round: its figures, and its ratio (roundRatios below stay in the order they ran).
  const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
  const { bare: bareResult, cached } = byRatio[Math.floor(byRatio.length / 2)]!;
  await bare.close();
  await app.close();
  await database.close();
  await fake.close();

  const firstSection = await measureFirstSectionToDom(FIRST_SECTION_RUNS);

  console.log(
    JSON.stringify(
      {
        overheadMs: {
          median: Math.round(median(overheads) * 10) / 10,
          max: Math.round(Math.max(...overheads) * 10) / 10,
        },
        overheadOwnCallsMs: {
          median: Math.round(median(ownCallOverheads) * 10) / 10,
          max: Math.round(Math.max(...ownCallOverheads) * 10) / 10,
        },
        coldOverheadMs: {
          overhead: Math.round(cold.overhead * 10) / 10,
          ownCalls: Math.round(cold.ownCalls * 10) / 10,
        },
        statementsPerGeneration: median(statementsPerGeneration),
        ...(profile ? { cpuProfile: { file: process.env.CPU_PROFILE, hot: profile } } : {}),
        firstSectionToDomMs: {
          median: Math.round(median(firstSection) * 10) / 10,
          max: Math.round(Math.max(...firstSection) * 10) / 10,
          runs: firstSection.length,
        },
        modelCallsFor100Identical: modelCallsForIdentical,
        cachedGet: {
          requestsPerSecond: Math.round(cached.requests.average),
          p99Ms: cached.latency.p99,
          errors: cached.errors + cached.non2xx,
          bareRequestsPerSecond: Math.round(bareResult.requests.average),
          bareTinyRequestsPerSecond: Math.round(bareTiny.requests.average),
          ratioToTiny: Math.round((cached.requests.average / bareTiny.requests.average) * 100) / 100,
          ratio: Math.round((cached.requests.average / bareResult.requests.average) * 100) / 100,
          roundRatios: rounds.map((round) => Math.round(round.ratio * 100) / 100),
        },
      },
      null,
      2,
    ),
  );
}

await main();
