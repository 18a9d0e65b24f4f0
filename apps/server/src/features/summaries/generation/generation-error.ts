import type { ErrorCode } from '@summa/shared';
import { AppError } from '../../../http/app-error.js';

export type GenerationFailureCode = Extract<
  ErrorCode,
  | 'BOOK_NOT_IDENTIFIED'
  | 'GENERATION_FAILED'
  | 'MODEL_UNAVAILABLE'
  | 'SUMMARIES_UNAVAILABLE'
  | 'TRANSLATION_FAILED'
>;

const STATUS: Record<GenerationFailureCode, number> = {
  BOOK_NOT_IDENTIFIED: 422,
  GENERATION_FAILED: 502,
  MODEL_UNAVAILABLE: 503,
  SUMMARIES_UNAVAILABLE: 503,
  TRANSLATION_FAILED: 502,
};

const CODES: readonly GenerationFailureCode[] = [
  'BOOK_NOT_IDENTIFIED',
  'GENERATION_FAILED',
  'MODEL_UNAVAILABLE',
  'SUMMARIES_UNAVAILABLE',
  'TRANSLATION_FAILED',
];

/**
 * A generation ended without a summary, for a reason the reader is told. The same object goes
 * from the writer through the flight to the reply: the error handler answers it as any AppError,
 * and the event stream sends its code as the `error` event.
 */
export class GenerationError extends AppError {
  declare readonly code: GenerationFailureCode;

  constructor(code: GenerationFailureCode, options?: { cause?: unknown }) {
    super(code, STATUS[code]);
    this.name = 'GenerationError';
    if (options) this.cause = options.cause;
  }

  /** The failure another instance recorded on the lease row (its code); unknown text fails generically. */
  static fromStoredCode(code: string): GenerationError {
    return new GenerationError(CODES.find((known) => known === code) ?? 'GENERATION_FAILED');
  }
}

/** The generation was abandoned (every client left, or this one did): nobody is told anything. */
export class GenerationCancelled extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the generation was cancelled', options);
    this.name = 'GenerationCancelled';
  }
}

export type GenerationFailure = GenerationError | GenerationCancelled;

/** Classifies anything a generation threw; what is not already one of ours fails generically. */
export function asGenerationFailure(error: unknown): GenerationFailure {
  if (error instanceof GenerationError || error instanceof GenerationCancelled) return error;
  return new GenerationError('GENERATION_FAILED', { cause: error });
}
