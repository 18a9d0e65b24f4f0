import type { LlmProvider, LlmRequest, LlmSettings } from '../llm-provider.js';
import { abortedError, closedError } from './errors.js';
import { generate } from './generation.js';
import { createGrammarMemo } from './grammars.js';
import {
  createLocalStatus,
  disposeRuntime,
  loadRuntime,
  type LocalProviderLog,
  type Runtime,
} from './model-runtime.js';
import { createTurnQueue, untilAborted } from './turn-queue.js';

export type { LocalProviderLog } from './model-runtime.js';

/**
 * The model `local` uses unless LLM_MODEL says otherwise: Qwen2.5 1.5B Instruct, 4-bit (about
 * 1 GB), small enough for a CPU, multilingual, and good at following a JSON schema. The form is
 * node-llama-cpp's `hf:<user>/<repo>:<quantization>`; the file lands in `modelsDir` as
 * `hf_bartowski_Qwen2.5-1.5B-Instruct.Q4_K_M.gguf` and is found there offline afterwards.
 */
export const DEFAULT_LOCAL_MODEL = 'hf:bartowski/Qwen2.5-1.5B-Instruct-GGUF:Q4_K_M';

export interface LocalProviderOptions {
  /**
   * CPU threads for evaluation. Defaults to one less than the cores llama.cpp finds useful for
   * math (at least one), leaving a core to the event loop and the database. llama.cpp threads
   * wait on each other after every step: with more threads than free cores they spin against
   * other processes, and a busy 2-core machine then ran the tiny test model at 5 tokens/s on
   * 2 threads against 250 on one.
   */
  threads?: number;
}

/**
 * The `local` provider: a GGUF model run in-process by node-llama-cpp (llama.cpp), on the
 * prebuilt binaries only. The model is resolved (and downloaded, for an `hf:` URI) and loaded on
 * the first `streamJson` call; until then the provider costs nothing. A failed load is reported
 * (`LlmError('unavailable')`, `status().state === 'error'`) and tried again on the next call.
 *
 * One context sequence serves one generation at a time; concurrent requests queue in arrival
 * order. `settings.idleTimeoutMs` runs from the start of a request's turn (prompt evaluation
 * included) and between tokens, not while the request waits for the model to load or for its
 * turn; a request stuck there ends only when its signal aborts.
 */
export function createLocalProvider(
  settings: LlmSettings,
  log: LocalProviderLog,
  options: LocalProviderOptions = {},
): LlmProvider {
  const status = createLocalStatus(settings.model);
  let runtime: Promise<Runtime> | undefined;
  let closed = false;
  const closing = new AbortController();
  const turns = createTurnQueue();
  const grammars = createGrammarMemo();
  const running = new Set<Promise<unknown>>();

  /** Loads the model once; concurrent callers share the attempt, a failed attempt is forgotten. */
  function ensureRuntime(): Promise<Runtime> {
    runtime ??= loadRuntime({
      settings,
      log,
      status,
      threads: options.threads,
      closing: closing.signal,
    }).catch((error: unknown) => {
      runtime = undefined;
      throw error;
    });
    return runtime;
  }

  async function* streamJson(request: LlmRequest): AsyncGenerator<string, void, undefined> {
    if (closed) throw closedError();
    if (request.signal.aborted) throw abortedError(request.signal);
    const rt = await untilAborted(ensureRuntime(), request.signal);
    const grammar = await untilAborted(grammars.grammarFor(rt.llama, request.jsonSchema), request.signal);
    const release = await turns.acquire(request.signal);
    try {
      if (closing.signal.aborted) throw closedError();
      yield* generate(rt, grammar, request, {
        log,
        idleTimeoutMs: settings.idleTimeoutMs,
        closing: closing.signal,
        running,
      });
    } finally {
      release();
    }
  }

  return {
    name: 'local',
    streamJson,
    status: () => status.current(),
    async close() {
      if (closed) return;
      closed = true;
      closing.abort(new Error('the local model provider is closing'));
      await Promise.allSettled([...running]);
      const loaded = await runtime?.catch(() => undefined);
      runtime = undefined;
      grammars.clear();
      if (loaded) await disposeRuntime(loaded);
      status.set('idle');
    },
  };
}
