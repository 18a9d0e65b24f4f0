import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  LoadAPIKeyError,
  Output,
  streamText,
  type LanguageModel,
  type OutputInterface,
} from 'ai';
import {
  LlmError,
  type LlmFailure,
  type LlmProvider,
  type LlmProviderName,
  type LlmRequest,
  type LlmSettings,
  type LlmStatus,
} from './llm-provider.js';

export type HostedProviderName = Exclude<LlmProviderName, 'local'>;

const LABELS: Record<HostedProviderName, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google Gemini',
  'openai-compatible': 'the OpenAI-compatible server',
};

/**
 * A hosted (or self-hosted, OpenAI-compatible) model through the AI SDK. Nothing is checked or
 * contacted here: a missing API key or an unreachable server fails the first call with
 * `LlmError('unavailable')`, so the app still boots.
 */
export function createAiSdkProvider(settings: LlmSettings): LlmProvider {
  if (settings.provider === 'local') {
    throw new Error('createAiSdkProvider: the local provider is not served through the AI SDK');
  }
  const provider = settings.provider;
  const label = LABELS[provider];
  let model: LanguageModel | undefined;
  let status: LlmStatus = { provider, model: settings.model, state: 'ready' };
  const misconfiguration = configurationProblem(provider, settings);
  if (misconfiguration) status = { ...status, state: 'error', error: misconfiguration };

  function languageModel(): LanguageModel {
    if (misconfiguration) throw new LlmError('unavailable', misconfiguration);
    model ??= createLanguageModel(provider, settings);
    return model;
  }

  async function* streamJson(request: LlmRequest): AsyncGenerator<string, void, undefined> {
    if (request.signal.aborted) throw abortedError(request.signal);

    // The idle timer: the model may stay silent for idleTimeoutMs, before its first token or between two.
    // It does not run while our consumer holds a chunk, only while we wait for the model.
    const idle = new AbortController();
    // Aborted when the call ends any other way than complete (the consumer stopped early, a failure),
    // so the HTTP request never outlives the iteration.
    const done = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const stopTimer = () => clearTimeout(timer);
    const startTimer = () => {
      stopTimer();
      timer = setTimeout(() => idle.abort(new Error('idle timeout')), settings.idleTimeoutMs);
    };
    const context: ErrorContext = { label, settings, request, idle: idle.signal };

    let complete = false;
    try {
      const result = streamText({
        model: languageModel(),
        system: request.system,
        prompt: request.prompt,
        temperature: request.temperature,
        maxOutputTokens: request.maxOutputTokens,
        output: rawJsonOutput(request.jsonSchema),
        abortSignal: AbortSignal.any([request.signal, idle.signal, done.signal]),
        maxRetries: 0,
        // Errors arrive as 'error' parts of fullStream below; without this the SDK would console.error them.
        onError: () => undefined,
      });
      startTimer();
      for await (const part of result.fullStream) {
        stopTimer();
        switch (part.type) {
          case 'text-delta':
            if (part.text.length > 0) yield part.text;
            break;
          case 'error':
            throw part.error;
          case 'abort':
            // The caller's signal or our idle timer; toLlmError tells which.
            throw new StreamAbortedError();
          default:
            break;
        }
        startTimer();
      }
      complete = true;
      // Known once the stream has finished; a provider that reports none leaves it undefined.
      const usage = await result.usage;
      request.onUsage?.({ inputTokens: usage.inputTokens, outputTokens: usage.outputTokens });
    } catch (error) {
      const failure = toLlmError(error, context);
      if (failure.failure === 'unavailable') {
        status = { provider, model: settings.model, state: 'error', error: failure.message };
      }
      throw failure;
    } finally {
      stopTimer();
      if (!complete) done.abort(new Error('the call ended early'));
    }
    if (status.state === 'error' && !misconfiguration) {
      status = { provider, model: settings.model, state: 'ready' };
    }
  }

  return {
    name: provider,
    streamJson,
    status: () => ({ ...status }),
    close: async () => undefined,
  };
}

/** What makes every call fail before it is sent, if anything (no secrets in it). */
function configurationProblem(provider: HostedProviderName, settings: LlmSettings): string | undefined {
  if (!settings.model.trim()) return `No model is configured for ${LABELS[provider]}.`;
  if (provider === 'openai-compatible') {
    if (!settings.baseUrl) return 'No base URL is configured for the OpenAI-compatible server.';
    if (!URL.canParse(settings.baseUrl))
      return 'The base URL of the OpenAI-compatible server is not a valid URL.';
    return undefined;
  }
  if (!settings.apiKey) return `No API key is configured for ${LABELS[provider]}.`;
  return undefined;
}

function createLanguageModel(provider: HostedProviderName, settings: LlmSettings): LanguageModel {
  const apiKey = settings.apiKey;
  switch (provider) {
    case 'openai':
      // The Chat Completions API: the one OpenAI-compatible proxies (and the test server) speak too.
      return createOpenAI({ apiKey, baseURL: settings.baseUrl }).chat(settings.model);
    // A base URL here is a gateway or proxy in front of the API. Unset, it must reach the SDK as
    // undefined ('' would become the URL), so that the SDK picks its own: ANTHROPIC_BASE_URL if the
    // process has it, else https://api.anthropic.com/v1; https://generativelanguage.googleapis.com/v1beta.
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL: settings.baseUrl })(settings.model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey, baseURL: settings.baseUrl })(settings.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: settings.baseUrl ?? '',
        apiKey,
        // Sends `response_format: { type: 'json_schema' }`; Ollama, vLLM, llama.cpp and OpenRouter take it.
        supportsStructuredOutputs: true,
      }).chatModel(settings.model);
  }
}

/**
 * Asks for JSON matching `schema` (the provider's structured output) but streams the raw text as it
 * arrives: unlike `Output.object`, no partial parse on every delta and no holding deltas back until
 * the partial object changes. The pipeline parses and validates the text itself.
 */
function rawJsonOutput(schema: Record<string, unknown>): OutputInterface<string, string, never> {
  return {
    ...Output.text(),
    name: 'json-text',
    responseFormat: Promise.resolve({ type: 'json', schema }),
  };
}

interface ErrorContext {
  label: string;
  settings: LlmSettings;
  request: LlmRequest;
  idle: AbortSignal;
}

class StreamAbortedError extends Error {
  constructor() {
    super('The stream was aborted.');
    this.name = 'AbortError';
  }
}

function abortedError(signal: AbortSignal): LlmError {
  return new LlmError('aborted', 'The request was cancelled.', { cause: signal.reason });
}

/** Network error codes that mean the server cannot be reached at all. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ConnectionRefused',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'FailedToOpenSocket',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Maps whatever the AI SDK, fetch or the network threw to an `LlmError` whose message holds no secrets. */
function toLlmError(error: unknown, context: ErrorContext): LlmError {
  if (error instanceof LlmError) return error;
  const { label, settings, request } = context;
  if (request.signal.aborted) return abortedError(request.signal);
  const fail = (failure: LlmFailure, message: string) => new LlmError(failure, message, { cause: error });

  if (context.idle.aborted) {
    return fail(
      'transient',
      `${label} sent nothing for ${seconds(settings.idleTimeoutMs)}; the request timed out.`,
    );
  }
  if (LoadAPIKeyError.isInstance(error)) return fail('unavailable', `No API key is configured for ${label}.`);

  const apiError = findInChain(error, (candidate) => APICallError.isInstance(candidate));
  const status = apiError && APICallError.isInstance(apiError) ? apiError.statusCode : undefined;
  // (A 200 whose body broke off mid-stream also arrives as an APICallError, with status 200.)
  if (status !== undefined && status >= 400) {
    const http = `HTTP ${status}`;
    if (status === 401 || status === 403 || rejectsTheKey(apiError)) {
      return fail('unavailable', `${label} refused the credentials (${http}); check the API key.`);
    }
    if (status === 404) {
      const where = settings.baseUrl ? ` at ${hostOf(settings.baseUrl)}` : '';
      return fail(
        'unavailable',
        `${label}${where} does not know the model "${settings.model}", or the base URL is wrong (${http}).`,
      );
    }
    if (status === 429) return fail('transient', `${label} is rate-limiting requests (${http}).`);
    if (status === 408 || status === 409 || status === 425 || status >= 500) {
      return fail('transient', `${label} failed to answer (${http}).`);
    }
    const detail = apiError instanceof Error ? redact(apiError.message, settings.apiKey) : '';
    return fail('unavailable', `${label} rejected the request (${http})${detail ? `: ${detail}` : '.'}`);
  }

  const code = findCode(error, (candidate) => UNREACHABLE_CODES.has(candidate));
  if (code) {
    const where = settings.baseUrl ? ` at ${hostOf(settings.baseUrl)}` : '';
    return fail('unavailable', `Cannot reach ${label}${where}: ${describeCode(code)}.`);
  }
  if (findCode(error, (candidate) => TIMEOUT_CODES.has(candidate))) {
    return fail('transient', `The connection to ${label} timed out.`);
  }
  if (isAbortLike(error)) {
    // Aborted, but neither by the caller nor by our idle timer: a time-out somewhere below us.
    return fail('transient', `The request to ${label} was interrupted.`);
  }
  // Sockets reset or closed mid-answer, a stream that ended without a finish, a garbled chunk, a 200
  // with an empty body: all worth one more try.
  return fail('transient', `The connection to ${label} broke off or returned an unreadable answer.`);
}

/**
 * Gemini answers a wrong API key with HTTP 400 INVALID_ARGUMENT, not 401; only the reason in the
 * error's details (API_KEY_INVALID) tells it apart from a bad request.
 */
function rejectsTheKey(apiError: unknown): boolean {
  return (
    APICallError.isInstance(apiError) &&
    apiError.statusCode === 400 &&
    apiError.responseBody?.includes('"API_KEY_INVALID"') === true
  );
}

function describeCode(code: string): string {
  switch (code) {
    case 'ECONNREFUSED':
    case 'ConnectionRefused':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'host not found';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return 'network unreachable';
    case 'FailedToOpenSocket':
      return 'cannot open a connection';
    default:
      return `TLS certificate problem (${code})`;
  }
}

/** Walks `cause` links and AggregateError members, nearest first. */
function findInChain(error: unknown, test: (candidate: unknown) => boolean): unknown {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.shift();
    if (current === undefined || current === null || seen.has(current)) continue;
    seen.add(current);
    if (test(current)) return current;
    if (typeof current !== 'object') continue;
    if ('cause' in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return undefined;
}

function findCode(error: unknown, test: (code: string) => boolean): string | undefined {
  const codeOf = (candidate: unknown) =>
    typeof candidate === 'object' &&
    candidate !== null &&
    'code' in candidate &&
    typeof candidate.code === 'string'
      ? candidate.code
      : undefined;
  const found = findInChain(error, (candidate) => {
    const code = codeOf(candidate);
    return code !== undefined && test(code);
  });
  return codeOf(found);
}

function isAbortLike(error: unknown): boolean {
  return (
    findInChain(
      error,
      (candidate) =>
        candidate instanceof Error && (candidate.name === 'AbortError' || candidate.name === 'TimeoutError'),
    ) !== undefined
  );
}

/** A provider's own error text, without anything that looks like a credential, kept short. */
function redact(message: string, apiKey: string | undefined): string {
  let text = message;
  if (apiKey) text = text.split(apiKey).join('[redacted]');
  text = text
    .replace(/Bearer\s+\S+/gi, 'Bearer [redacted]')
    .replace(/\b(sk|pk|rk)-[\w-]+/g, '[redacted]')
    .replace(/\bAIza[\w-]+/g, '[redacted]')
    .replace(/[A-Za-z0-9_-]{32,}/g, '[redacted]')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

function hostOf(baseUrl: string | undefined): string {
  if (!baseUrl || !URL.canParse(baseUrl)) return 'the configured base URL';
  return new URL(baseUrl).host;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
