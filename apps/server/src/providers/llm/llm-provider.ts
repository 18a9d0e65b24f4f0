/** The provider names LLM_PROVIDER accepts. */
export const LLM_PROVIDERS = ['local', 'openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

export interface LlmSettings {
  provider: LlmProviderName;
  /** A model name for hosted providers; for `local` a GGUF path or an `hf:` URI. */
  model: string;
  /** OpenAI-compatible servers (and optionally OpenAI itself): where the API lives. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** Where `local` keeps downloaded models. */
  modelsDir: string;
  /** How long the model may stay silent (before its first token or between two) before it counts as timed out. */
  idleTimeoutMs: number;
}

export interface LlmRequest {
  system: string;
  prompt: string;
  /** The JSON Schema the answer must match; providers that can, constrain decoding to it. */
  jsonSchema: Record<string, unknown>;
  maxOutputTokens: number;
  temperature: number;
  signal: AbortSignal;
}

/** What went wrong, as far as retrying and telling the reader go. */
export type LlmFailure =
  /** 429, 5xx, a time-out, a dropped connection: worth one more try. */
  | 'transient'
  /** The model cannot be reached, loaded or downloaded, or refuses our credentials. */
  | 'unavailable'
  /** The caller aborted. */
  | 'aborted';

export class LlmError extends Error {
  constructor(
    readonly failure: LlmFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmError';
  }
}

export type LlmState = 'idle' | 'downloading' | 'loading' | 'ready' | 'error';

/** What `GET /api/status` shows about the model. */
export interface LlmStatus {
  provider: LlmProviderName;
  model: string;
  state: LlmState;
  /** 0 to 1 while a model downloads. */
  downloadProgress?: number;
  /** Why the model is in the error state (no secrets). */
  error?: string;
}

export interface LlmProvider {
  readonly name: LlmProviderName;
  /**
   * Streams the answer's raw JSON text as the model writes it. Throws `LlmError` on failure;
   * an abort of `request.signal` ends it with an `LlmError('aborted')`.
   */
  streamJson(request: LlmRequest): AsyncIterable<string>;
  status(): LlmStatus;
  close(): Promise<void>;
}
