import { access } from 'node:fs/promises';
import path from 'node:path';
import type * as NodeLlamaCpp from 'node-llama-cpp';
import type {
  GbnfJsonSchema,
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaGrammar,
  LlamaModel,
} from 'node-llama-cpp';
import {
  LlmError,
  type LlmProvider,
  type LlmRequest,
  type LlmSettings,
  type LlmState,
} from './llm-provider.js';

/**
 * The model `local` uses unless LLM_MODEL says otherwise: Qwen2.5 1.5B Instruct, 4-bit (about
 * 1 GB), small enough for a CPU, multilingual, and good at following a JSON schema. The form is
 * node-llama-cpp's `hf:<user>/<repo>:<quantization>`; the file lands in `modelsDir` as
 * `hf_bartowski_Qwen2.5-1.5B-Instruct.Q4_K_M.gguf` and is found there offline afterwards.
 */
export const DEFAULT_LOCAL_MODEL = 'hf:bartowski/Qwen2.5-1.5B-Instruct-GGUF:Q4_K_M';

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
/** Tokens the chat template adds around the system text and the prompt, with a margin. */
const TEMPLATE_OVERHEAD_TOKENS = 64;
/** How many compiled grammars (one per distinct JSON schema) to keep. */
const GRAMMAR_CACHE_SIZE = 16;

export interface LocalProviderLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

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

type NodeLlamaCppModule = typeof NodeLlamaCpp;

interface Runtime {
  lib: NodeLlamaCppModule;
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  sequence: LlamaContextSequence;
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
  let state: LlmState = 'idle';
  let downloadProgress: number | undefined;
  let lastError: string | undefined;
  let runtime: Promise<Runtime> | undefined;
  let closed = false;
  const closing = new AbortController();
  const turns = createTurnQueue();
  const grammars = new Map<string, Promise<LlamaGrammar>>();
  const running = new Set<Promise<unknown>>();

  function setState(next: LlmState, error?: string): void {
    state = next;
    lastError = error;
    if (next !== 'downloading') downloadProgress = undefined;
  }

  /** Loads the model once; concurrent callers share the attempt, a failed attempt is forgotten. */
  function ensureRuntime(): Promise<Runtime> {
    runtime ??= load().catch((error: unknown) => {
      runtime = undefined;
      throw error;
    });
    return runtime;
  }

  async function load(): Promise<Runtime> {
    setState('loading');
    let lib: NodeLlamaCppModule | undefined;
    let llama: Llama | undefined;
    let model: LlamaModel | undefined;
    let step = 'start llama.cpp';
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
      const modelPath = await resolveModelPath(lib);
      closing.signal.throwIfAborted();
      setState('loading');
      step = 'load the model';
      model = await llama.loadModel({ modelPath, loadSignal: closing.signal });
      const context = await createContext(model, options.threads ?? Math.max(1, llama.cpuMathCores - 1));
      const sequence = context.getSequence();
      setState('ready');
      log.info(
        {
          model: settings.model,
          gpu: llama.gpu,
          contextSize: context.contextSize,
          loadMs: Math.round(performance.now() - startedAt),
        },
        'local model ready',
      );
      return { lib, llama, model, context, sequence };
    } catch (error) {
      await model?.dispose().catch(() => undefined);
      await llama?.dispose().catch(() => undefined);
      if (closing.signal.aborted) {
        setState('idle');
        throw new LlmError('unavailable', 'The local model provider is closed.', { cause: error });
      }
      const message = `The local model ${settings.model} is unavailable: could not ${step} (${describe(error)}).`;
      setState('error', message);
      log.error({ err: error, model: settings.model }, 'local model unavailable');
      throw new LlmError('unavailable', message, { cause: error });
    }
  }

  /**
   * A context of CONTEXT_SIZE, even for a model trained on less (llama.cpp's tiny test model
   * knows 2,048 tokens): past its training its text degrades, but the grammar keeps it valid,
   * whereas a context the answer cannot fit in cuts every answer off and fails every time. Short
   * of memory, it shrinks as far as MIN_CONTEXT_SIZE (or the trained size, when smaller).
   */
  async function createContext(model: LlamaModel, threads: number): Promise<LlamaContext> {
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

  /** A file path as given (or inside `modelsDir`), or an `hf:`/URL model downloaded into `modelsDir`. */
  async function resolveModelPath(lib: NodeLlamaCppModule): Promise<string> {
    const isUri = /^(hf:|huggingface:|hf\.co\/|huggingface\.co\/|https?:\/\/)/i.test(settings.model);
    if (!isUri) {
      const direct = path.resolve(settings.model);
      if (await exists(direct)) return direct;
      const inModelsDir = path.resolve(settings.modelsDir, settings.model);
      if (await exists(inModelsDir)) return inModelsDir;
      throw new Error(`no GGUF file at ${direct}`);
    }
    let loggedTenth = -1;
    return lib.resolveModelFile(settings.model, {
      directory: settings.modelsDir,
      cli: false,
      signal: closing.signal,
      onProgress: ({ totalSize, downloadedSize }) => {
        if (totalSize <= 0) return; // A failed request reports 0 of 0.
        const progress = Math.min(1, downloadedSize / totalSize);
        if (state !== 'downloading') {
          state = 'downloading';
          lastError = undefined;
        }
        downloadProgress = progress;
        const tenth = Math.floor(progress * 10);
        if (tenth > loggedTenth) {
          loggedTenth = tenth;
          log.info(
            { model: settings.model, percent: tenth * 10, totalMb: Math.round(totalSize / 1e6) },
            'downloading the local model',
          );
        }
      },
    });
  }

  /** A grammar per distinct schema, compiled once; a schema we cannot map fails every time. */
  function grammarFor(rt: Runtime, jsonSchema: Record<string, unknown>): Promise<LlamaGrammar> {
    const key = JSON.stringify(jsonSchema);
    let grammar = grammars.get(key);
    if (!grammar) {
      grammar = compileGrammar(rt, jsonSchema);
      grammar.catch(() => {
        grammars.delete(key);
      });
      if (grammars.size >= GRAMMAR_CACHE_SIZE) {
        const oldest = grammars.keys().next();
        if (!oldest.done) grammars.delete(oldest.value);
      }
      grammars.set(key, grammar);
    }
    return grammar;
  }

  async function compileGrammar(rt: Runtime, jsonSchema: Record<string, unknown>): Promise<LlamaGrammar> {
    try {
      const base = await rt.llama.createGrammarForJsonSchema<GbnfJsonSchema>(toGrammarSchema(jsonSchema));
      return await rt.llama.createGrammar({
        grammar: tightenJsonGrammar(base.grammar),
        rootRuleName: base.rootRuleName,
        stopGenerationTriggers: base.stopGenerationTriggers,
        trimWhitespaceSuffix: base.trimWhitespaceSuffix,
      });
    } catch (error) {
      throw new LlmError(
        'unavailable',
        `The local model cannot be constrained to this JSON schema: ${describe(error)}`,
        { cause: error },
      );
    }
  }

  async function* streamJson(request: LlmRequest): AsyncGenerator<string, void, undefined> {
    if (closed) throw new LlmError('unavailable', 'The local model provider is closed.');
    if (request.signal.aborted) throw abortedError(request.signal);
    const rt = await untilAborted(ensureRuntime(), request.signal);
    const grammar = await untilAborted(grammarFor(rt, request.jsonSchema), request.signal);
    const release = await turns.acquire(request.signal);
    try {
      if (closing.signal.aborted) throw new LlmError('unavailable', 'The local model provider is closed.');
      yield* generate(rt, grammar, request);
    } finally {
      release();
    }
  }

  async function* generate(
    rt: Runtime,
    grammar: LlamaGrammar,
    request: LlmRequest,
  ): AsyncGenerator<string, void, undefined> {
    if (request.signal.aborted) throw abortedError(request.signal);
    const promptTokens =
      rt.model.tokenize(`${request.system}\n${request.prompt}`).length + TEMPLATE_OVERHEAD_TOKENS;
    const room = rt.context.contextSize - promptTokens;
    if (room < 1) {
      throw new LlmError(
        'unavailable',
        `The prompt (about ${promptTokens} tokens) does not fit the local model's context of ${rt.context.contextSize} tokens.`,
      );
    }
    // At least one token: node-llama-cpp reads 0 as "no limit".
    const maxTokens = Math.max(1, Math.min(request.maxOutputTokens, room));
    if (maxTokens < request.maxOutputTokens) {
      log.warn({ requested: request.maxOutputTokens, maxTokens }, 'local model output capped by its context');
    }

    const stop = new AbortController();
    let stopCause: 'aborted' | 'idle' | 'closed' | 'consumer' | undefined;
    const halt = (cause: NonNullable<typeof stopCause>) => {
      stopCause ??= cause;
      stop.abort(new Error(`generation stopped: ${cause}`));
    };
    const onRequestAbort = () => halt('aborted');
    const onClose = () => halt('closed');
    request.signal.addEventListener('abort', onRequestAbort, { once: true });
    closing.signal.addEventListener('abort', onClose, { once: true });
    let idleTimer: NodeJS.Timeout | undefined;
    const armIdleTimer = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => halt('idle'), settings.idleTimeoutMs);
    };

    const chunks: string[] = [];
    let wake: (() => void) | undefined;
    let settled = false;
    // Set from callbacks; read through this so the compiler does not narrow it to its first value.
    const isSettled = () => settled;
    let failure: unknown;
    let stopReason: string | undefined;
    let outputTokens = 0;
    const startedAt = performance.now();
    const session = new rt.lib.LlamaChatSession({
      contextSequence: rt.sequence,
      systemPrompt: request.system,
      autoDisposeSequence: false,
    });
    armIdleTimer();
    const generation = session
      .promptWithMeta(request.prompt, {
        grammar,
        maxTokens,
        temperature: request.temperature,
        signal: stop.signal,
        // The classic repeat penalty also punishes the quotes, commas and braces JSON repeats by
        // nature; DRY only punishes longer verbatim repeats and restarts at quotes and colons.
        repeatPenalty: false,
        dryRepeatPenalty: { strength: 0.8 },
        onToken: (tokens) => {
          outputTokens += tokens.length;
          armIdleTimer();
        },
        onTextChunk: (text) => {
          chunks.push(text);
          wake?.();
        },
      })
      .then(
        (result) => {
          stopReason = result.stopReason;
        },
        (error: unknown) => {
          failure = error;
        },
      )
      .finally(() => {
        settled = true;
        clearTimeout(idleTimer);
        wake?.();
      });
    running.add(generation);

    try {
      for (;;) {
        if (chunks.length > 0) {
          yield chunks.splice(0).join('');
          continue;
        }
        if (isSettled()) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
      if (stopCause === 'aborted') throw abortedError(request.signal);
      if (stopCause === 'idle') {
        throw new LlmError('transient', `The local model produced nothing for ${settings.idleTimeoutMs} ms.`);
      }
      if (stopCause === 'closed') throw new LlmError('unavailable', 'The local model provider was closed.');
      if (failure !== undefined) {
        log.error({ err: failure }, 'local model generation failed');
        throw new LlmError('transient', `The local model failed while generating: ${describe(failure)}`, {
          cause: failure,
        });
      }
      const durationMs = Math.round(performance.now() - startedAt);
      const details = {
        promptTokens,
        outputTokens,
        durationMs,
        tokensPerSecond: durationMs > 0 ? Math.round((outputTokens * 1000) / durationMs) : undefined,
        stopReason,
      };
      if (stopReason === 'maxTokens') log.warn(details, 'local model answer cut off at maxOutputTokens');
      else log.info(details, 'local model answered');
    } finally {
      if (!isSettled()) halt('consumer');
      clearTimeout(idleTimer);
      await generation;
      running.delete(generation);
      request.signal.removeEventListener('abort', onRequestAbort);
      closing.signal.removeEventListener('abort', onClose);
      session.dispose({ disposeSequence: false });
    }
  }

  return {
    name: 'local',
    streamJson,
    status() {
      return {
        provider: 'local',
        model: settings.model,
        state,
        ...(state === 'downloading' ? { downloadProgress: downloadProgress ?? 0 } : {}),
        ...(state === 'error' && lastError ? { error: lastError } : {}),
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      closing.abort(new Error('the local model provider is closing'));
      await Promise.allSettled([...running]);
      const loaded = await runtime?.catch(() => undefined);
      runtime = undefined;
      grammars.clear();
      if (loaded) {
        await loaded.context.dispose();
        await loaded.model.dispose();
        await loaded.llama.dispose();
      }
      setState('idle');
    },
  };
}

// ---------------------------------------------------------------------------------------------
// JSON Schema (as zod 4's z.toJSONSchema emits it) to node-llama-cpp's GbnfJsonSchema.

/** Keywords that only annotate a schema; the grammar ignores them (descriptions are kept). */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  'id',
  '$comment',
  'title',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
/** What zod 4 emits for `.int()`: the safe-integer range, which the grammar keeps to by length. */
const SAFE_INTEGER_BOUNDS = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
const BASIC_TYPES = ['string', 'number', 'integer', 'boolean', 'null'] as const;
const FORMATS = ['date-time', 'time', 'date'] as const;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(at: string, problem: string): never {
  throw new Error(`toGrammarSchema: ${problem} at ${at}`);
}

/**
 * Maps a JSON Schema, as zod 4's `z.toJSONSchema` writes it, to the subset node-llama-cpp turns
 * into a grammar (`GbnfJsonSchema`), keeping property order. Handled: `type` (object, array,
 * string, number, integer, boolean, null), `properties`, `required`, `additionalProperties`,
 * `items`, `prefixItems`, `minItems`, `maxItems`, `minLength`, `maxLength`, `format` (date,
 * time, date-time), `enum`, `const`, `anyOf`/`oneOf` (nullable), `$defs`/`$ref`, annotations.
 *
 * The grammar writes every property, required or not, which is still valid. Anything it cannot
 * enforce (`pattern`, numeric bounds other than zod's safe-integer range, `allOf`, `not`, an
 * unconstrained `{}`...) throws, naming the keyword and where it is.
 */
export function toGrammarSchema(jsonSchema: Record<string, unknown>): GbnfJsonSchema {
  const rawDefs = jsonSchema.$defs;
  if (rawDefs !== undefined && !isObject(rawDefs)) fail('#/$defs', '$defs is not an object');
  const defNames = new Set(Object.keys(rawDefs ?? {}));
  const root = convertNode(omit(jsonSchema, ['$defs']), '#', defNames);
  if (rawDefs && defNames.size > 0) {
    if (!('type' in root && (root.type === 'object' || root.type === 'array')) && !('oneOf' in root)) {
      fail('#', '$defs are only supported on an object, array or anyOf root');
    }
    const defs: JsonObject = {};
    for (const [name, def] of Object.entries(rawDefs))
      defs[name] = convertNode(def, `#/$defs/${name}`, defNames);
    root.$defs = defs;
  }
  return root as unknown as GbnfJsonSchema;
}

function omit(node: JsonObject, keys: string[]): JsonObject {
  return Object.fromEntries(Object.entries(node).filter(([key]) => !keys.includes(key)));
}

function convertNode(node: unknown, at: string, defNames: ReadonlySet<string>): JsonObject {
  if (!isObject(node)) fail(at, node === true || node === false ? 'a boolean schema' : 'a non-object schema');
  const out: JsonObject = {};
  if (typeof node.description === 'string') out.description = node.description;
  const check = (allowed: string[]) => {
    for (const key of Object.keys(node)) {
      if (!allowed.includes(key) && key !== 'description' && !ANNOTATIONS.has(key)) {
        fail(at, `unsupported keyword "${key}"`);
      }
    }
  };

  if ('$ref' in node) {
    check(['$ref']);
    const ref = node.$ref;
    const name =
      typeof ref === 'string' && ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : undefined;
    if (name === undefined || !defNames.has(name)) fail(at, `unsupported $ref ${JSON.stringify(ref)}`);
    return { ...out, $ref: ref };
  }
  if ('const' in node) {
    check(['const', 'type']);
    return { ...out, const: primitive(node.const, `${at}/const`) };
  }
  if ('enum' in node) {
    check(['enum', 'type']);
    if (!Array.isArray(node.enum) || node.enum.length === 0) fail(at, 'enum is not a non-empty array');
    return { ...out, enum: node.enum.map((value, i) => primitive(value, `${at}/enum/${i}`)) };
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (keyword in node) {
      check([keyword]);
      const options = node[keyword];
      if (!Array.isArray(options) || options.length === 0) fail(at, `${keyword} is not a non-empty array`);
      return {
        ...out,
        oneOf: options.map((option, i) => convertNode(option, `${at}/${keyword}/${i}`, defNames)),
      };
    }
  }

  const type = node.type;
  if (Array.isArray(type)) {
    check(['type']);
    if (!type.every((t) => (BASIC_TYPES as readonly unknown[]).includes(t))) {
      fail(at, `unsupported type list ${JSON.stringify(type)}`);
    }
    return { ...out, type };
  }
  switch (type) {
    case 'string': {
      check(['type', 'minLength', 'maxLength', 'format', ...('format' in node ? ['pattern'] : [])]);
      if ('format' in node) {
        // The format's own grammar gives the shape; the pattern zod adds to it (z.iso.date()) goes.
        const format = node.format;
        if (!(FORMATS as readonly unknown[]).includes(format))
          fail(at, `unsupported format ${JSON.stringify(format)}`);
        if ('minLength' in node || 'maxLength' in node) fail(at, 'a format together with a length');
        return { ...out, type, format };
      }
      return {
        ...out,
        type,
        ...count(node, 'minLength', at),
        ...count(node, 'maxLength', at),
      };
    }
    case 'number':
    case 'integer': {
      check(['type', 'minimum', 'maximum']);
      for (const bound of ['minimum', 'maximum'] as const) {
        if (bound in node && !(type === 'integer' && node[bound] === SAFE_INTEGER_BOUNDS[bound])) {
          fail(at, `unsupported keyword "${bound}" (the grammar cannot bound numbers)`);
        }
      }
      return { ...out, type };
    }
    case 'boolean':
    case 'null':
      check(['type']);
      return { ...out, type };
    case 'object': {
      check([
        'type',
        'properties',
        'required',
        'additionalProperties',
        'propertyNames',
        'minProperties',
        'maxProperties',
      ]);
      const properties: JsonObject = {};
      if ('properties' in node) {
        if (!isObject(node.properties)) fail(at, 'properties is not an object');
        for (const [key, value] of Object.entries(node.properties)) {
          properties[key] = convertNode(value, `${at}/properties/${key}`, defNames);
        }
      }
      if ('required' in node && !Array.isArray(node.required)) fail(at, 'required is not an array');
      if ('propertyNames' in node) {
        const names = node.propertyNames;
        if (!isObject(names) || Object.keys(names).some((key) => key !== 'type') || names.type !== 'string') {
          fail(at, 'unsupported keyword "propertyNames"');
        }
      }
      const additional = node.additionalProperties;
      const result: JsonObject = { ...out, type, properties };
      if (additional === true) result.additionalProperties = true;
      else if (isObject(additional)) {
        result.additionalProperties = convertNode(additional, `${at}/additionalProperties`, defNames);
      } else if (additional !== undefined && additional !== false) {
        fail(at, 'additionalProperties is not a boolean or a schema');
      }
      return { ...result, ...count(node, 'minProperties', at), ...count(node, 'maxProperties', at) };
    }
    case 'array': {
      check(['type', 'items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems']);
      if (node.uniqueItems === true) fail(at, 'unsupported keyword "uniqueItems"');
      const result: JsonObject = {
        ...out,
        type,
        ...count(node, 'minItems', at),
        ...count(node, 'maxItems', at),
      };
      let prefixLength: number | undefined;
      if ('prefixItems' in node) {
        if (!Array.isArray(node.prefixItems)) fail(at, 'prefixItems is not an array');
        prefixLength = node.prefixItems.length;
        result.prefixItems = node.prefixItems.map((item, i) =>
          convertNode(item, `${at}/prefixItems/${i}`, defNames),
        );
      }
      if (node.items === false) {
        // No items after the prefix (zod's tuples): cap the length there.
        const cap = prefixLength ?? 0;
        if (typeof result.maxItems !== 'number' || result.maxItems > cap) result.maxItems = cap;
      } else if (node.items !== undefined) {
        result.items = convertNode(node.items, `${at}/items`, defNames);
      } else {
        fail(at, 'an array without "items" (any JSON value)');
      }
      return result;
    }
    default:
      check(['type']);
      fail(
        at,
        type === undefined
          ? 'a schema without a type (any value)'
          : `unsupported type ${JSON.stringify(type)}`,
      );
  }
}

function primitive(value: unknown, at: string): string | number | boolean | null {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
    return value as string | number | boolean | null;
  }
  return fail(at, 'a non-primitive constant');
}

function count(node: JsonObject, key: string, at: string): JsonObject {
  if (!(key in node)) return {};
  const value = node[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    fail(at, `${key} is not a non-negative integer`);
  return { [key]: value };
}

// ---------------------------------------------------------------------------------------------
// Grammar tightening.

/**
 * The first character of a string that must not be empty: anything JSON allows raw except
 * whitespace (what `String.prototype.trim` removes) and characters outside the BMP, or an
 * escaped quote, backslash or slash. Escapes like `\n` or `\u0020` could be whitespace and are
 * left out here.
 */
const FIRST_CHAR_RULE =
  '[^"\\\\\\x7F\\x00-\\x20\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\U00010000-\\U0010FFFF] | "\\\\" ["\\\\/]';
/**
 * Any later character of a length-bounded string. Characters outside the BMP are left out: the
 * grammar counts them as one character, but JavaScript (and so zod's `.max()`) as two.
 */
const BOUNDED_CHAR_RULE =
  '[^"\\\\\\x7F\\x00-\\x1F\\U00010000-\\U0010FFFF] | "\\\\" ["\\\\/bfnrt] | "\\\\u" [0-9a-fA-F]{4}';
const FIRST_CHAR_RULE_NAME = 'summa-string-first-char-rule';
const BOUNDED_CHAR_RULE_NAME = 'summa-string-bounded-char-rule';

/**
 * Rewrites a GBNF grammar that node-llama-cpp 3.x generated from a JSON schema so that:
 * - a string with `minLength >= 1` starts with a non-whitespace character, so it is not empty
 *   after trimming (our zod strings are `.trim().min(1)`), and holds only BMP characters, so its
 *   JavaScript length is the length the grammar counted;
 * - an integer has no exponent (`1e-5` is a JSON number, but not an integer).
 * It relies on node-llama-cpp's rule names (`string-<min>-<max>-rule`, `integer-number-rule`);
 * rules it does not recognise are left as they are.
 */
export function tightenJsonGrammar(gbnf: string): string {
  const lines = gbnf.split('\n').map((line) => {
    const match = /^([\w-]+) ::= /.exec(line);
    if (!match) return line;
    const name = match[1];
    if (name === 'integer-number-rule') return `${name} ::= "-"? ("0" | [1-9] [0-9]{0,15})`;
    const lengths = /^string-(\d+)(?:-(\d+))?-rule$/.exec(name ?? '');
    if (!lengths) return line;
    const min = Number(lengths[1]);
    const max = lengths[2] === undefined ? undefined : Number(lengths[2]);
    if (max === 0) return line;
    if (min === 0) return `${name} ::= "\\"" ( ${BOUNDED_CHAR_RULE_NAME} ){0,${max ?? ''}} "\\""`;
    const rest =
      max === undefined
        ? ` ( ${BOUNDED_CHAR_RULE_NAME} ){${min - 1},}`
        : max === 1
          ? ''
          : ` ( ${BOUNDED_CHAR_RULE_NAME} ){${min - 1},${max - 1}}`;
    return `${name} ::= "\\"" ${FIRST_CHAR_RULE_NAME}${rest} "\\""`;
  });
  if (lines.some((line) => line.includes(BOUNDED_CHAR_RULE_NAME))) {
    lines.push(
      `${FIRST_CHAR_RULE_NAME} ::= ${FIRST_CHAR_RULE}`,
      `${BOUNDED_CHAR_RULE_NAME} ::= ${BOUNDED_CHAR_RULE}`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Helpers.

/** A FIFO of turns on the one context sequence; a waiter whose request aborts leaves the line. */
function createTurnQueue() {
  let busy = false;
  const waiting: Array<() => void> = [];
  const next = () => {
    const grant = waiting.shift();
    if (grant) grant();
    else busy = false;
  };
  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      next();
    };
  };
  return {
    acquire(signal: AbortSignal): Promise<() => void> {
      if (signal.aborted) return Promise.reject(abortedError(signal));
      if (!busy) {
        busy = true;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const grant = () => {
          signal.removeEventListener('abort', onAbort);
          resolve(releaser());
        };
        const onAbort = () => {
          const index = waiting.indexOf(grant);
          if (index >= 0) waiting.splice(index, 1);
          reject(abortedError(signal));
        };
        waiting.push(grant);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

/** Waits for a shared promise, but gives up (without cancelling it) when this request aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortedError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}

function abortedError(signal: AbortSignal): LlmError {
  return new LlmError('aborted', 'The request to the local model was aborted.', { cause: signal.reason });
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** An error's message, on one line, without anything that looks like a token. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/\s+/g, ' ')
    .replace(/\bhf_[A-Za-z0-9]{8,}/g, 'hf_***')
    .replace(/(bearer\s+)\S+/gi, '$1***')
    .replace(/([?&](?:token|access_token|key|api_key)=)[^&\s]+/gi, '$1***')
    .trim()
    .slice(0, 500);
}
