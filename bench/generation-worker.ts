// The local-model generation of `LOAD_WITH_GENERATION=1 npm run bench:load` (bench/load.ts): a
// process of its own, as a SUMMA_ROLE=worker would be, running the app's local provider
// (node-llama-cpp) on the tiny GGUF of ../shared/models one summary after another until it is
// stopped (SIGTERM). Prints one line per finished generation on stdout ("generated <ms> <chars>")
// and "ready" once the model is loaded. It takes a worker's priority first, as main.ts does
// (WORKER_NICE, default 10; ADR 0038).
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { nonFictionSectionsSchema } from '@summa/shared';
import { DEFAULT_WORKER_NICE } from '../apps/server/src/config/env.js';
import { createLocalProvider } from '../apps/server/src/providers/llm/local/local-provider.js';
import { yieldCpu } from '../apps/server/src/worker-priority.js';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const TINY_MODEL = path.resolve(REPO_ROOT, '../shared/models/stories260K.gguf');

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function main() {
  yieldCpu(Number(process.env.WORKER_NICE ?? DEFAULT_WORKER_NICE));
  const model = process.env.GENERATION_MODEL ?? TINY_MODEL;
  const provider = createLocalProvider(
    {
      provider: 'local',
      model,
      baseUrl: undefined,
      apiKey: undefined,
      modelsDir: path.join(tmpdir(), 'summa-bench-models-unused'),
      idleTimeoutMs: 600_000,
    },
    quiet,
  );
  const stop = new AbortController();
  process.once('SIGTERM', () => stop.abort());
  // Read anew each time: the signal is aborted from outside the loop.
  const stopped = () => stop.signal.aborted;
  let first = true;
  while (!stopped()) {
    const startedAt = performance.now();
    let chars = 0;
    try {
      for await (const chunk of provider.streamJson({
        system: 'You write book summaries as JSON.',
        prompt: 'Summarise "Atomic Habits" by James Clear.',
        jsonSchema: z.toJSONSchema(nonFictionSectionsSchema),
        temperature: 0.8,
        maxOutputTokens: 2500,
        signal: stop.signal,
      })) {
        if (first) {
          first = false;
          console.log('ready');
        }
        chars += chunk.length;
      }
    } catch (error) {
      if (stopped()) break;
      throw error;
    }
    console.log(`generated ${Math.round(performance.now() - startedAt)} ${chars}`);
  }
  await provider.close();
}

await main();
