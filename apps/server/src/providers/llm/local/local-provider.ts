import type { LlmError } from '../llm-provider.js';
import { type LlmProvider, type LlmRequest, type LlmSettings, type LlmStatus } from '../llm-provider.js';
import { abortedError, closedError } from './errors.js';
import { generate } from './generation.js';
import { createGrammarMemo } from './grammars.js';
import { createLocalStatus } from './local-status.js';
import {
  disposeRuntime,
  loadRuntime,
  ModelSetupError,
  SETUP_ADVICE,
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
  /**
   * After a failed load, how long requests fail at once with the same error before the next one
   * tries again (default a minute): a server without network does not knock on Hugging Face for
   * every reader, and a fixed set-up (a file copied in, the network back) is picked up soon.
   */
  retryAfterMs?: number;
}

const DEFAULT_RETRY_AFTER_MS = 60_000;

/**
 * The `local` provider: a GGUF model run in-process by node-llama-cpp (llama.cpp), on the
 * prebuilt binaries only. The model is resolved (and downloaded, for an `hf:` URI) and loaded by
 * `preload` (the app calls it once it listens) or by the first call that needs it. A failed load
 * is reported (`ModelSetupError`, `status().state === 'error'`), logged once per distinct cause,
 * and tried again by the first call `retryAfterMs` after it; calls before that fail at once.
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
  const status = createLocalStatus(settings.model, settings.modelsDir);
  const retryAfterMs = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  let runtime: Promise<Runtime> | undefined;
  let lastFailure: { error: LlmError; at: number } | undefined;
  let loggedCause: string | undefined;
  let closed = false;
  const closing = new AbortController();
  const turns = createTurnQueue();
  const grammars = createGrammarMemo();
  const running = new Set<Promise<unknown>>();

  /** The failure in one clear entry, once: a repeat of the same cause says nothing new. */
  function reportFailure(error: ModelSetupError): void {
    if (error.message === loggedCause) return;
    loggedCause = error.message;
    log.error(
      {
        model: settings.model,
        modelsDir: settings.modelsDir,
        cause: error.message,
        whatToDo: SETUP_ADVICE[error.kind],
        retry: `on the next summary request, at most every ${Math.round(retryAfterMs / 1000)} s`,
      },
      'Summaries are unavailable: the local model could not be set up',
    );
  }

  /**
   * Loads the model once; concurrent callers share the attempt. A failed attempt answers for
   * `retryAfterMs`, then the next caller starts another.
   */
  function ensureRuntime(): Promise<Runtime> {
    if (runtime) return runtime;
    if (closed) return Promise.reject(closedError());
    if (lastFailure && performance.now() - lastFailure.at < retryAfterMs) {
      return Promise.reject(lastFailure.error);
    }
    runtime = loadRuntime({
      settings,
      log,
      status,
      threads: options.threads,
      closing: closing.signal,
    }).then(
      (loaded) => {
        lastFailure = undefined;
        loggedCause = undefined;
        return loaded;
      },
      (error: unknown) => {
        runtime = undefined;
        if (error instanceof ModelSetupError) {
          lastFailure = { error, at: performance.now() };
          reportFailure(error);
        }
        throw error;
      },
    );
    return runtime;
  }

  /** Waits for the model, passing on each status change (a download's progress) meanwhile. */
  async function whenReady(signal: AbortSignal, onStatus: (status: LlmStatus) => void): Promise<void> {
    if (closed) throw closedError();
    if (signal.aborted) throw abortedError(signal);
    if (status.current().state === 'ready' && runtime) return;
    const stop = status.watch(onStatus);
    try {
      const current = status.current();
      if (current.state === 'downloading' || current.state === 'loading') onStatus(current);
      await untilAborted(ensureRuntime(), signal);
    } finally {
      stop();
    }
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
    preload() {
      // Failures are in the status and the log (reportFailure); nobody waits on this one.
      ensureRuntime().catch(() => undefined);
    },
    whenReady,
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
