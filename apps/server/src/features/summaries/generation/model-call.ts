import { LlmError, type LlmProvider, type LlmRequest } from '../../../providers/llm/llm-provider.js';

/** The model answered, but not with JSON that matches the schema. */
export class MalformedOutputError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MalformedOutputError';
  }
}

/**
 * Runs one streamed model call. A model silent for `idleTimeoutMs` (before its first token or
 * between two) is cut off as a transient failure; an abort of `signal` ends it as 'aborted'.
 */
export async function streamModelCall(
  provider: LlmProvider,
  request: Omit<LlmRequest, 'signal'>,
  options: { signal: AbortSignal; idleTimeoutMs: number; onChunk?: (chunk: string) => void },
): Promise<string> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(options.signal.reason);
  options.signal.addEventListener('abort', forwardAbort, { once: true });
  const idle = { expired: false };
  const expire = () => {
    idle.expired = true;
    controller.abort(new Error('model idle time-out'));
  };
  let timer = setTimeout(expire, options.idleTimeoutMs);
  let text = '';
  try {
    for await (const chunk of provider.streamJson({ ...request, signal: controller.signal })) {
      clearTimeout(timer);
      timer = setTimeout(expire, options.idleTimeoutMs);
      text += chunk;
      options.onChunk?.(chunk);
    }
  } catch (error) {
    throw classify(error, idle.expired, options.signal, options.idleTimeoutMs);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', forwardAbort);
  }
  if (idle.expired || options.signal.aborted) {
    throw classify(undefined, idle.expired, options.signal, options.idleTimeoutMs);
  }
  return text;
}

function classify(error: unknown, timedOut: boolean, signal: AbortSignal, idleTimeoutMs: number): LlmError {
  if (signal.aborted) return new LlmError('aborted', 'the generation was cancelled', { cause: error });
  if (timedOut)
    return new LlmError('transient', `the model said nothing for ${idleTimeoutMs} ms`, { cause: error });
  if (error instanceof LlmError) return error;
  return new LlmError('transient', error instanceof Error ? error.message : String(error), { cause: error });
}

/** Whether one more attempt may help: provider hiccups and malformed answers, not the rest. */
export function isRetryable(error: unknown): boolean {
  return (
    error instanceof MalformedOutputError || (error instanceof LlmError && error.failure === 'transient')
  );
}
