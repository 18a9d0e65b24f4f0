import { LlmError } from '../llm-provider.js';

export function abortedError(signal: AbortSignal): LlmError {
  return new LlmError('aborted', 'The request to the local model was aborted.', { cause: signal.reason });
}

export function closedError(options?: { cause: unknown }): LlmError {
  return new LlmError('unavailable', 'The local model provider is closed.', options);
}

/** An error's message, on one line, without anything that looks like a token. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/\s+/g, ' ')
    .replace(/\bhf_[A-Za-z0-9]{8,}/g, 'hf_***')
    .replace(/(bearer\s+)\S+/gi, '$1***')
    .replace(/([?&](?:token|access_token|key|api_key)=)[^&\s]+/gi, '$1***')
    .trim()
    .slice(0, 500);
}
