import type { Language } from '@summa/shared';

/** eSpeak NG's voices for the narration languages: Brazilian Portuguese, US English, Latin American Spanish. */
export const ESPEAK_VOICES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-419' };

/** Main thread → worker. */
export interface SpeakJob {
  id: number;
  text: string;
  voice: string;
}

/** Worker → main thread: one answer per job, plus `ready` (or a start-up `error` with id 0) once. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; mp3: Uint8Array; samples: number; sampleRate: number }
  | { type: 'error'; id: number; message: string };
