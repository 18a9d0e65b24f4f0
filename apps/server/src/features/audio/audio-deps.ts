// Placeholder shapes of the providers the audio feature uses; replaced by providers/tts and
// providers/storage when they land.
import type { Language } from '@summa/shared';
import type { StoredSummary } from '../../ports/summary-source.js';

export interface SpeechSynthesizer {
  readonly name: string;
  synthesize(request: { text: string; language: Language; signal: AbortSignal }): Promise<{
    mp3: Buffer;
    durationMs: number;
    voice: string;
  }>;
}

export interface AudioStore {
  put(key: string, body: Buffer, options: { contentType: string }): Promise<unknown>;
  delete(key: string): Promise<void>;
  signedUrl(key: string, options: { expiresInSeconds: number }): Promise<string>;
}

export type Narrate = (summary: StoredSummary) => string[];
