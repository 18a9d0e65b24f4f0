import type * as NodeLlamaCpp from 'node-llama-cpp';
import type { Llama, LlamaContext, LlamaContextSequence, LlamaModel, TokenBias } from 'node-llama-cpp';
import { LlmError, type LlmErrorKind, type LlmSettings } from '../llm-provider.js';
import { closedError, describeError } from './errors.js';
import type { LocalStatus } from './local-status.js';
import { everyTenth, fetchModelFile, isDiskError, megabytes, MissingModelFileError } from './model-file.js';

/**
 * The context window we ask for, whatever the model was trained on (see `createContext`). A
 * prompt is a system text and a book's title and author, well under 1,500 tokens; the longest
 * answer our schemas allow in practice (a non-fiction summary: 5 to 7 key ideas, a 7-day plan
 * and the lists) comes to 2,000 to 4,000 tokens. 8,192 holds both with room to spare, so the answer
 * never needs a context shift (which would drop the start of the conversation mid-answer). Its
 * KV cache costs about 224 MiB on Qwen2.5-1.5B (28 layers x 2 x 256 values x 2 bytes per
 * token); the context may come out smaller, down to `MIN_CONTEXT_SIZE`, when memory is short.
 */
const CONTEXT_SIZE = 8192;
const MIN_CONTEXT_SIZE = 2048;

export interface LocalProviderLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type NodeLlamaCppModule = typeof NodeLlamaCpp;

/** A loaded model with its one context sequence. */
export interface Runtime {
  lib: NodeLlamaCppModule;
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
  /**
   * Forbids the start-of-text token in answers: the grammar reads it as its text ("<s>"), but the
   * answer leaves it out, so a string the grammar saw start with "<" would start with the space
   * of the word after it (llama.cpp's tiny test model writes "<s> Once upon a time" at times).
   */
  tokenBias: TokenBias | undefined;
}

export interface LoadOptions {
  settings: LlmSettings;
  log: LocalProviderLog;
  status: LocalStatus;
  /** CPU threads for evaluation (see LocalProviderOptions.threads); undefined: llama.cpp's math cores less one. */
  threads: number | undefined;
  /** Aborts when the provider closes. */
  closing: AbortSignal;
}

/** The local model cannot be used until its set-up is fixed; `kind` says what to look at. */
export class ModelSetupError extends LlmError {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super('setup', message, options);
    this.name = 'ModelSetupError';
  }
}

/** What to do about each kind of failure, for the log (the admin page says it in the admin's language). */
export const SETUP_ADVICE: Record<LlmErrorKind, string> = {
  runtime:
    'llama.cpp has no prebuilt binary for this machine: use a hosted provider (LLM_PROVIDER=openai, anthropic, google or openai-compatible, with LLM_API_KEY).',
  'missing-file':
    'LLM_MODEL names a file that does not exist: fix the path of the .gguf file, or unset LLM_MODEL for the default model.',
  download:
    'check internet access (huggingface.co) and LLM_MODEL; or run `npm run model:fetch` on a machine with a network and copy the file into the models folder, or set LLM_MODEL to a .gguf file.',
  disk: 'the models folder cannot take the file (disk full or not writable): free about 1 GB or set LLM_MODELS_DIR to another folder.',
  load: 'the model file does not load (damaged, not GGUF, or not enough memory): delete it from the models folder to download it again, or choose another LLM_MODEL.',
};

type Step = 'start llama.cpp' | 'find or download the model file' | 'load the model';

function failureKind(step: Step, error: unknown): LlmErrorKind {
  if (step === 'start llama.cpp') return 'runtime';
  if (error instanceof MissingModelFileError) return 'missing-file';
  if (isDiskError(error)) return 'disk';
  return step === 'load the model' ? 'load' : 'download';
}

/**
 * Starts llama.cpp on its prebuilt binaries, finds (or downloads) the model and loads it with
 * one context sequence, moving `status` along and logging a download every 10%. A failure leaves
 * nothing loaded, sets the error state and throws a `ModelSetupError` naming the step that failed
 * (the provider logs it).
 */
export async function loadRuntime({
  settings,
  log,
  status,
  threads,
  closing,
}: LoadOptions): Promise<Runtime> {
  status.set('loading');
  let lib: NodeLlamaCppModule | undefined;
  let llama: Llama | undefined;
  let model: LlamaModel | undefined;
  let step: Step = 'start llama.cpp';
  try {
    const startedAt = performance.now();
    lib = await import('node-llama-cpp');
    const { LlamaLogLevel } = lib;
    llama = await lib.getLlama({
      gpu: 'auto',
      // Only the prebuilt binaries (the @node-llama-cpp/* optional packages): never fetch the
      // llama.cpp sources or compile them at run time when no binary fits.
      build: 'never',
      skipDownload: true,
      progressLogs: false,
      logLevel: LlamaLogLevel.warn,
      logger: (level, message) => {
        const text = message.trim();
        if (!text) return;
        if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal) {
          log.error({ llamaCpp: text }, 'llama.cpp error');
        } else if (level === LlamaLogLevel.warn) log.warn({ llamaCpp: text }, 'llama.cpp warning');
      },
    });
    step = 'find or download the model file';
    const logTenth = everyTenth((percent, { totalBytes }) =>
      log.info(
        { model: settings.model, percent, totalMb: megabytes(totalBytes), into: settings.modelsDir },
        `downloading the local model: ${percent}% of ${megabytes(totalBytes)} MB`,
      ),
    );
    const modelPath = await fetchModelFile(lib, settings.model, {
      modelsDir: settings.modelsDir,
      signal: closing,
      onProgress: (progress) => {
        status.downloading(progress);
        logTenth(progress);
      },
    });
    closing.throwIfAborted();
    status.set('loading');
    step = 'load the model';
    model = await llama.loadModel({ modelPath, loadSignal: closing });
    const context = await createContext(model, threads ?? Math.max(1, llama.cpuMathCores - 1), log);
    const sequence = context.getSequence();
    const bos = model.tokens.bos;
    const tokenBias = bos === null ? undefined : new lib.TokenBias(model.tokenizer).set(bos, 'never');
    status.set('ready');
    log.info(
      {
        model: settings.model,
        gpu: llama.gpu,
        contextSize: context.contextSize,
        loadMs: Math.round(performance.now() - startedAt),
      },
      'local model ready',
    );
    return { lib, llama, model, context, sequence, tokenBias };
  } catch (error) {
    await model?.dispose().catch(() => undefined);
    await llama?.dispose().catch(() => undefined);
    if (closing.aborted) {
      status.set('idle');
      throw closedError({ cause: error });
    }
    const message = `The local model ${settings.model} is unavailable: could not ${step} (${describeError(error)}).`;
    const kind = failureKind(step, error);
    status.failed(message, kind);
    throw new ModelSetupError(kind, message, { cause: error });
  }
}

/** Releases what `loadRuntime` loaded, newest first. */
export async function disposeRuntime(runtime: Runtime): Promise<void> {
  await runtime.context.dispose();
  await runtime.model.dispose();
  await runtime.llama.dispose();
}

/**
 * A context of CONTEXT_SIZE, even for a model trained on less (llama.cpp's tiny test model
 * knows 2,048 tokens): past its training its text degrades, but the grammar keeps it valid,
 * whereas a context the answer cannot fit in cuts every answer off and fails every time. Short
 * of memory, it shrinks as far as MIN_CONTEXT_SIZE (or the trained size, when smaller).
 */
async function createContext(
  model: LlamaModel,
  threads: number,
  log: LocalProviderLog,
): Promise<LlamaContext> {
  try {
    return await model.createContext({ contextSize: CONTEXT_SIZE, sequences: 1, threads });
  } catch (error) {
    const maxContext = Math.min(CONTEXT_SIZE, model.trainContextSize);
    log.warn({ err: error }, `no room for a context of ${CONTEXT_SIZE} tokens: trying a smaller one`);
    return model.createContext({
      contextSize: { min: Math.min(MIN_CONTEXT_SIZE, maxContext), max: maxContext },
      sequences: 1,
      threads,
    });
  }
}
