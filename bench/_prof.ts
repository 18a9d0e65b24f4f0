import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { startFakeLlmServer } from '../apps/server/src/test/fake-llm-server.js';
import { bookResponder } from '../apps/server/src/test/summary-responder.js';
import { premiumBenchReader } from './bench-reader.js';

const log: { sql: string; ms: number; at: number }[] = [];
let on = false;
let t0 = 0;
const proto = PGlite.prototype as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
for (const name of ['query', 'exec', 'transaction']) {
  const original = proto[name]!;
  proto[name] = async function (this: unknown, ...args: unknown[]) {
    const start = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      if (on) log.push({ sql: String(args[0]).replace(/\s+/g, ' ').slice(0, 110), ms: performance.now() - start, at: start - t0 });
    }
  };
}
const fake = await startFakeLlmServer({ responder: bookResponder({ chunkSize: 64 }) });
const database = await openDatabase({ kind: 'pglite' });
const config = loadConfig({
  NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent',
  LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model',
  GENERATION_LIMIT_PER_USER_PER_HOUR: '0', GENERATION_LIMIT_GLOBAL_PER_MINUTE: '0',
});
const app = await buildApp({ config: { ...config, webDistDir: undefined }, database });
const session = await premiumBenchReader(app, database, 'p@summa.test');
const auth = { authorization: `Bearer ${session.access_token}` };
const runs = Number(process.env.RUNS ?? 8);
for (let n = 0; n < runs; n++) {
  log.length = 0; on = true; t0 = performance.now();
  const r = await app.inject({ method: 'POST', url: '/api/summaries', headers: auth, payload: { bookTitle: `P Book ${n}`, bookAuthor: 'Bencher', language: 'en' } });
  const total = performance.now() - t0; on = false;
  const dbms = log.reduce((s, e) => s + e.ms, 0);
  console.log(`run ${n}: status ${r.statusCode} total ${total.toFixed(1)} ms, ${log.length} queries, ${dbms.toFixed(1)} ms in db`);
  if (n === runs - 1 || process.env.ALL) for (const e of log) console.log(`  @${e.at.toFixed(1)} ${e.ms.toFixed(2)}ms ${e.sql}`);
}
await app.close(); await database.close(); await fake.close();
