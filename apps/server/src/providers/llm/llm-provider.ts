import type { LlmProviderName, LlmStatus } from '@summa/shared';

// The names and the status are part of the API (`GET /api/status`): the shared contract owns them.
export {
  LLM_PROVIDERS,
  type LlmErrorKind,
  type LlmProviderName,
  type LlmState,
  type LlmStatus,
} from '@summa/shared';

export interface LlmSettings {
  provider: LlmProviderName;
  /** A model name for hosted providers; for `local` a GGUF path or an `hf:` URI. */
  model: string;
  /**
   * Where the API lives: required for OpenAI-compatible servers; for OpenAI, Anthropic and Google a
   * gateway or proxy in front of their API (undefined: the SDK's own URL).
   */
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
  /** Told the tokens the call read and wrote once it ends, as far as the provider knows them (/metrics). */
  onUsage?:
    ((usage: { inputTokens?: number | undefined; outputTokens?: number | undefined }) => void) | undefined;
}

/** What went wrong, as far as retrying and telling the reader go. */
export type LlmFailure =
  /** 429, 5xx, a time-out, a dropped connection: worth one more try. */
  | 'transient'
  /** The model cannot be reached, loaded or downloaded, or refuses our credentials. */
  | 'unavailable'
  /**
   * The server cannot run its model until someone fixes its set-up (a local model that cannot be
   * downloaded or loaded): retrying on the reader's side never helps.
   */
  | 'setup'
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

export interface LlmProvider {
  readonly name: LlmProviderName;
  /**
   * Streams the answer's raw JSON text as the model writes it. Throws `LlmError` on failure;
   * an abort of `request.signal` ends it with an `LlmError('aborted')`.
   */
  streamJson(request: LlmRequest): AsyncIterable<string>;
  status(): LlmStatus;
  /**
   * Starts getting the model ready in the background (local: finding or downloading the file,
   * then loading it), so the first reader does not pay for it; never throws. Optional: hosted
   * models need nothing.
   */
  preload?(): void;
  /**
   * Resolves once the model can answer, calling `onStatus` on each change meanwhile (a download's
   * progress); throws `LlmError` ('setup', or 'aborted' when `signal` aborts). Waiting here is
   * not bound by the idle time-out, which counts the model's silence once it runs. Optional:
   * without it the model is taken to be ready.
   */
  whenReady?(signal: AbortSignal, onStatus: (status: LlmStatus) => void): Promise<void>;
  close(): Promise<void>;
}
