import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/database-unavailable.js';
import { AppError } from './app-error.js';

/**
 * What the reader of a long-running request (a generation, a synthesis) is told: our own errors
 * as they are, a database outage as one (503, try again shortly), anything else as `fallback`.
 */
export function asReplyError(error: unknown, fallback: (cause: unknown) => AppError): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError('DATABASE_UNAVAILABLE', 503, undefined, DATABASE_RETRY_AFTER_SECONDS);
  }
  return fallback(error);
}
