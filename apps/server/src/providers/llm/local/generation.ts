import type { LlamaGrammar } from 'node-llama-cpp';
import { LlmError, type LlmRequest } from '../llm-provider.js';
import { abortedError, describeError } from './errors.js';
import type { LocalProviderLog, Runtime } from './model-runtime.js';

/** Tokens the chat template adds around the system text and the prompt, with a margin. */
const TEMPLATE_OVERHEAD_TOKENS = 64;

export interface GenerationContext {
  log: LocalProviderLog;
  /** How long the model may stay silent, from the start of the turn and between tokens. */
  idleTimeoutMs: number;
  /** Aborts when the provider closes. */
  closing: AbortSignal;
  /** The generations under way, so that closing can wait for them. */
  running: Set<Promise<unknown>>;
}

/**
 * One answer on the runtime's context sequence, streamed as node-llama-cpp writes it, within the
 * grammar. The caller holds the sequence's turn. It stops on the request's abort, after
 * `idleTimeoutMs` without a token, when the provider closes, or when the consumer stops reading;
 * every stop but the last throws an LlmError.
 */
export async function* generate(
  rt: Runtime,
  grammar: LlamaGrammar,
  request: LlmRequest,
  { log, idleTimeoutMs, closing, running }: GenerationContext,
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
  closing.addEventListener('abort', onClose, { once: true });
  let idleTimer: NodeJS.Timeout | undefined;
  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => halt('idle'), idleTimeoutMs);
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
      ...(rt.tokenBias ? { tokenBias: rt.tokenBias } : {}),
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
      throw new LlmError('transient', `The local model produced nothing for ${idleTimeoutMs} ms.`);
    }
    if (stopCause === 'closed') throw new LlmError('unavailable', 'The local model provider was closed.');
    if (failure !== undefined) {
      log.error({ err: failure }, 'local model generation failed');
      throw new LlmError('transient', `The local model failed while generating: ${describeError(failure)}`, {
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
    request.onUsage?.({ inputTokens: promptTokens, outputTokens });
    if (!isSettled()) halt('consumer');
    clearTimeout(idleTimer);
    await generation;
    running.delete(generation);
    request.signal.removeEventListener('abort', onRequestAbort);
    closing.removeEventListener('abort', onClose);
    session.dispose({ disposeSequence: false });
  }
}
