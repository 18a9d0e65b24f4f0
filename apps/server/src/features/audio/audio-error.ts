import { AppError } from '../../http/app-error.js';

/** A narration ended without audio, for a reason the reader is told ('Could not generate audio'). */
export class AudioError extends AppError {
  constructor(options?: { cause?: unknown }) {
    super('AUDIO_FAILED', 502);
    this.name = 'AudioError';
    if (options) this.cause = options.cause;
  }
}

/** The synthesis was abandoned (every reader left): nobody is told anything. */
export class AudioCancelled extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the audio synthesis was cancelled', options);
    this.name = 'AudioCancelled';
  }
}

export type AudioFailure = AudioError | AudioCancelled;
