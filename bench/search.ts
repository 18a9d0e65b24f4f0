// Search-box latency and throughput: `npm run bench:search`. Loads the catalogue plus the 10,000
// books of goodbooks-10k (read at run time from ../shared/data, never copied), starts the app in
// this process and fires a realistic mix of 2- to 20-character queries (prefixes, accents, typos)
// at POST /api/catalog/search with autocannon (50 connections), taking turns with a bare Fastify
// route and the app's /healthz in the same run (3 rounds of 6 s each; medians reported). PGlite
// always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database
// is created and dropped). CPU_PROFILE=file profiles the last search round (file.pglite,
// file.postgres) and lists its hot spots. The app answers from its in-memory index of the catalogue, built from
// the database when it starts.
import { randomUUID } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { CATEGORIES, LANGUAGES } from '@summa/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '../apps/server/src/db/database.js';
import { CATALOG } from '../apps/server/src/features/catalog/catalog-data.js';
import { upsertBooks } from '../apps/server/src/features/catalog/catalog-import.repository.js';
import type { BookInput } from '../apps/server/src/features/catalog/catalog.repository.js';
import { profiled, type HotSpot } from './cpu-profile.js';
import { median } from './median.js';

const GOODBOOKS_CSV = fileURLToPath(new URL('../../shared/data/goodbooks-10k-books.csv', import.meta.url));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.DURATION ?? 6);
const WARMUP_S = 2;
/**
 * The bare route, /healthz and search take turns this many times and the medians are kept:
 * on two cores shared with the load generator one ten-second run swings by a third.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const QUERY_COUNT = 2_000;

// ---------------------------------------------------------------------------------------------
// A small CSV reader: quoted fields, doubled quotes, commas and newlines inside quotes.

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function goodbooks(): Promise<BookInput[]> {
  const [header, ...rows] = parseCsv(await readFile(GOODBOOKS_CSV, 'utf8'));
  if (!header) throw new Error('empty CSV');
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`no ${name} column`);
    return index;
  };
  const [id, authors, year, originalTitle, title, ratings] = [
    column('book_id'),
    column('authors'),
    column('original_publication_year'),
    column('original_title'),
    column('title'),
    column('ratings_count'),
  ];
  return rows
    .filter((row) => row.length === header.length)
    .map((row, index): BookInput => {
      const name = (row[originalTitle] ?? '').trim() || (row[title] ?? '').trim();
      const published = Number.parseInt(row[year] ?? '', 10);
      const count = Number(row[ratings] ?? 0);
      return {
        id: randomUUID(),
        slug: `goodbooks-${row[id]}`,
        title: name,
        originalLanguage: 'en',
        titleEn: name,
        titlePt: null,
        titleEs: null,
        author: (row[authors] ?? '').split(',')[0]?.trim() || 'Unknown',
        year: Number.isFinite(published) ? published : null,
        isbn13: null,
        category: CATEGORIES[index % CATEGORIES.length] ?? 'habits',
        level: index % 3 === 0 ? 'intermediate' : 'basic',
        badges: [],
        trendingScore: Math.min(100, Math.round(Math.log10(Math.max(1, count)) * 14)),
        source: 'import',
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The query mix, deterministic.

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const stripAccents = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '');

function typo(text: string, next: () => number): string {
  if (text.length < 4) return text;
  const at = 1 + Math.floor(next() * (text.length - 2));
  const kind = Math.floor(next() * 3);
  if (kind === 0) return text.slice(0, at) + text.slice(at + 1); // a missing letter
  if (kind === 1) return text.slice(0, at) + (text[at + 1] ?? '') + (text[at] ?? '') + text.slice(at + 2); // swapped
  return text.slice(0, at) + 'aeiou'.charAt(Math.floor(next() * 5)) + text.slice(at + 1); // wrong letter
}

function queryMix(titles: string[], authors: string[]): { query: string; lang: string }[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const prefix = (text: string, min: number, max: number) =>
    text.slice(0, min + Math.floor(next() * (max - min + 1))).trimEnd();
  const queries: { query: string; lang: string }[] = [];
  while (queries.length < QUERY_COUNT) {
    const title = pick(titles);
    const roll = next();
    let query: string;
    if (roll < 0.4)
      query = prefix(title, 2, 20); // typing a title
    else if (roll < 0.55)
      query = stripAccents(prefix(title, 4, 20)).toLowerCase(); // no accents
    else if (roll < 0.75)
      query = typo(prefix(title, 6, 20), next); // a typo
    else if (roll < 0.85)
      query = prefix(pick(authors), 3, 16); // an author
    else if (roll < 0.95)
      query = title.slice(0, 20).trimEnd(); // a whole (short) title
    else query = prefix(title, 3, 12).toUpperCase();
    if (query.trim().length >= 2) queries.push({ query, lang: pick(LANGUAGES) });
  }
  return queries;
}

// ---------------------------------------------------------------------------------------------

interface Measured {
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  requests: number;
  errors: number;
  non2xx: number;
}

function summary(result: Result): Measured {
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function fire(url: string, bodies: string[], duration: number): Promise<Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    // The load generator runs in its own thread, off the server's event loop.
    workers: 1,
    requests:
      bodies.length === 0
        ? [{ method: 'GET' }]
        : bodies.map((body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body })),
  });
}

/** POSTs the bodies in turn; with none, GETs the URL. */
async function measure(url: string, bodies: string[]): Promise<Measured> {
  await fire(url, bodies, WARMUP_S);
  return summary(await fire(url, bodies, DURATION_S));
}

/** The round-by-round figures, with the median of each as the headline. */
function medianOf(rounds: Measured[]): Measured & { rounds: Measured[] } {
  const of = (field: keyof Measured) => median(rounds.map((round) => round[field]));
  return {
    p50Ms: of('p50Ms'),
    p99Ms: of('p99Ms'),
    requestsPerSecond: of('requestsPerSecond'),
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
    rounds,
  };
}

async function bareRoute(): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => ({ books: [] }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const address = bare.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/bare`, close: () => bare.close() };
}

async function scratchPostgres(adminUrl: string) {
  const name = `summa_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString(), poolSize: 10 } satisfies DatabaseTarget,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function listening(database: DatabaseHandle, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // One client hammers the search: measure the search, not the per-IP limit that would refuse it.
    CATALOG_RATE_LIMIT_PER_MINUTE: '0',
    // No covers fetched from the internet while measuring.
    COVERS_FETCH: 'off',
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 }); // ready: imports the catalogue, builds the index
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  return { url: `${base}/api/catalog/search`, healthUrl: `${base}/healthz`, close: () => app.close() };
}

async function run(target: DatabaseTarget, imported: BookInput[], bodies: string[]) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'summa-bench-search-'));
  let database: DatabaseHandle | undefined;
  try {
    database =
      target.kind === 'pglite' ? await openDatabase({ kind: 'pglite', dataDir }) : await openDatabase(target);
    const importStarted = performance.now();
    await upsertBooks(database.db, imported);
    const importMs = Math.round(performance.now() - importStarted);
    const readyStarted = performance.now();
    const app = await listening(database, dataDir);
    const readyMs = Math.round(performance.now() - readyStarted);
    const bare = await bareRoute();
    try {
      const bareRounds: Measured[] = [];
      const healthRounds: Measured[] = [];
      const searchRounds: Measured[] = [];
      let hot: HotSpot[] | undefined;
      for (let round = 0; round < ROUNDS; round += 1) {
        bareRounds.push(await measure(bare.url, bodies));
        // The app's cheapest route (GET /healthz), with every plugin (security headers, request ids).
        healthRounds.push(await measure(app.healthUrl, []));
        const last = round === ROUNDS - 1;
        if (last && process.env.CPU_PROFILE) {
          const profile = await profiled(`${process.env.CPU_PROFILE}.${target.kind}`, () =>
            measure(app.url, bodies),
          );
          searchRounds.push(profile.result);
          hot = profile.hot;
        } else {
          searchRounds.push(await measure(app.url, bodies));
        }
      }
      const roundRatios = searchRounds.map((search, round) =>
        Number((search.requestsPerSecond / (bareRounds[round]?.requestsPerSecond ?? 1)).toFixed(3)),
      );
      const [bareResult, appBaseline, search] = [bareRounds, healthRounds, searchRounds].map(medianOf);
      const ratio = (measured: Measured) =>
        Number((measured.requestsPerSecond / bareResult!.requestsPerSecond).toFixed(3));
      return {
        database: target.kind,
        books: CATALOG.length + imported.length,
        importMs,
        // Start of an instance on the filled database: catalogue check and search index build.
        readyMs,
        bare: bareResult!,
        appHealthz: { ...appBaseline!, throughputRatio: ratio(appBaseline!) },
        search: {
          ...search!,
          throughputRatio: ratio(search!),
          // Each round's search over the same round's bare route.
          roundRatios,
          ratioToAppHealthz: Number((search!.requestsPerSecond / appBaseline!.requestsPerSecond).toFixed(3)),
        },
        ...(hot ? { cpuProfile: { file: `${process.env.CPU_PROFILE}.${target.kind}`, hot } } : {}),
      };
    } finally {
      await bare.close();
      await app.close();
    }
  } finally {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const imported = await goodbooks();
const titles = [
  ...CATALOG.flatMap((book) =>
    [book.en ?? book.title, book.pt, book.es].filter((t): t is string => Boolean(t)),
  ),
  ...imported.map((book) => book.title),
];
const authors = [...CATALOG.map((book) => book.author), ...imported.map((book) => book.author)];
const queries = queryMix(titles, authors);
const bodies = queries.map((query) => JSON.stringify({ ...query, limit: 8 }));

const results = [await run({ kind: 'pglite' }, imported, bodies)];
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  const scratch = await scratchPostgres(postgresUrl);
  try {
    results.push(await run(scratch.target, imported, bodies));
  } finally {
    await scratch.drop();
  }
}

console.log(
  JSON.stringify(
    {
      benchmark: 'search',
      connections: CONNECTIONS,
      durationS: DURATION_S,
      rounds: ROUNDS,
      queries: { distinct: new Set(bodies).size, sample: queries.slice(0, 8).map((q) => q.query) },
      target: { p99Ms: 15, throughputRatio: 0.4 },
      results,
    },
    null,
    2,
  ),
);
