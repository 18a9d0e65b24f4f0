import type { Language } from '@summa/shared';

/**
 * Who reads the narration aloud. `local` is eSpeak NG compiled to WebAssembly, bundled with the
 * server: it needs no network and no key. The others are hosted (or self-hosted) neural voices.
 */
export const TTS_PROVIDERS = ['local', 'openai', 'openai-compatible', 'elevenlabs'] as const;
export type TtsProviderName = (typeof TTS_PROVIDERS)[number];

export interface TtsSettings {
  provider: TtsProviderName;
  /** Hosted providers' model; undefined: the provider's default (see `defaultTtsModelFor`). */
  model: string | undefined;
  /**
   * Where the API lives: required for `openai-compatible`; for `openai` and `elevenlabs` a gateway
   * or proxy in front of their API (undefined: their own URL).
   */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** The voice per narration language; undefined: the provider's default for that language. */
  voices: Record<Language, string | undefined>;
  /** How long one synthesis call (one narration part) may take before it counts as timed out. */
  timeoutMs: number;
}

export interface TtsRequest {
  /** Plain text of one narration part (a few minutes of speech at most). */
  text: string;
  language: Language;
  signal: AbortSignal;
}

export interface TtsResult {
  /** A complete MP3 file (MPEG audio frames, optionally behind an ID3 tag), checked to be audio. */
  mp3: Buffer;
  /** Playing time, counted from the MP3 frames (or the PCM samples it was encoded from). */
  durationMs: number;
  /** The voice that spoke, for the stored row (`book_audio.voice`). */
  voice: string;
}

/** What went wrong, as far as retrying, logging and telling the reader go. */
export type TtsFailure =
  /** The engine or server cannot be reached, loaded, or answered 5xx, or the provider is misconfigured. */
  | 'unavailable'
  /** 429: the provider asks us to slow down; worth a later try. */
  | 'rate_limited'
  /** 401/403: the key is missing or refused. */
  | 'auth'
  /** No complete answer within `timeoutMs`. */
  | 'timeout'
  /** The answer was not playable MP3 audio (garbage bytes, an HTML error page, silence of zero length). */
  | 'bad_output'
  /** The caller aborted. */
  | 'aborted';

export class TtsError extends Error {
  constructor(
    readonly failure: TtsFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TtsError';
  }
}

export interface TtsProvider {
  readonly name: TtsProviderName;
  /**
   * Speaks `request.text` and returns it as MP3. Throws `TtsError` on failure; an abort of
   * `request.signal` ends it with `TtsError('aborted')`. Safe to call concurrently (the local
   * engine queues calls; hosted ones run them in parallel).
   */
  synthesize(request: TtsRequest): Promise<TtsResult>;
  /** Frees the engine (the local provider's worker thread); later calls fail with 'unavailable'. */
  close(): Promise<void>;
}
