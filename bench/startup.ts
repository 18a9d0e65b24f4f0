// Start-up time of the built server on an existing data dir: `npm run build && npm run bench:startup`.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 5);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Milliseconds from spawning the process to the first successful /healthz answer. */
async function timeOneStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The local model loads in the background once the server listens: an absent file (it
      // fails at once) rather than the default model, which a first start would download.
      LLM_MODEL: path.join(dataDir, 'no-model.gguf'),
      // No covers fetched from the internet while measuring.
      COVERS_FETCH: 'off',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'summa-bench-'));
try {
  const firstStartMs = await timeOneStart(dataDir);
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run += 1) samples.push(await timeOneStart(dataDir));
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] ?? Number.NaN;
  console.log(
    JSON.stringify(
      {
        benchmark: 'startup',
        database: 'pglite',
        firstStartMs: Math.round(firstStartMs),
        existingDataDir: { runs: RUNS, medianMs: Math.round(median), samplesMs: samples.map(Math.round) },
      },
      null,
      2,
    ),
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
