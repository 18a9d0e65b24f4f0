import type { ErrorCode } from '@summa/shared';

/** An error the API reports to the caller as `{"error":{"code","message"}}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    /** A specific message; without one the caller gets the code's translated message. */
    message?: string,
    /** Sent as Retry-After: when the caller may try again (rate limits). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }

  get hasCustomMessage(): boolean {
    return this.message !== this.code;
  }
}
