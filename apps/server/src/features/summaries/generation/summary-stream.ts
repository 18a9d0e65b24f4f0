import { STEP_PERCENT, type GenerationEvent } from '@summa/shared';
import type { JsonOrStreamOptions } from '../../../http/json-or-stream.js';
import { asReplyError } from '../../../http/reply-error.js';
import { GenerationCancelled, GenerationError } from './generation-error.js';

/** A summary's stream events (a generation's or a translation's), ending with the result `R`. */
export type SummaryStreamEvent<R> =
  Exclude<GenerationEvent, { type: 'done' }> | ({ type: 'done'; step: 'done'; percent: 100 } & R);

/**
 * How a generation's or a translation's answer opens and ends (answerJsonOrStream): the resolve
 * step first, then `done` at 100 or `error` at 0. Our own errors go as they are, a database outage
 * as one, anything else as `failure`.
 */
export function summaryStreamOptions<R>(
  failure: 'GENERATION_FAILED' | 'TRANSLATION_FAILED',
): JsonOrStreamOptions<R, SummaryStreamEvent<R>> {
  return {
    asReply: (error) => asReplyError(error, (cause) => new GenerationError(failure, { cause })),
    isCancelled: (error) => error instanceof GenerationCancelled,
    opening: [{ type: 'progress', step: 'resolve', percent: STEP_PERCENT.resolve }],
    done: (result) => ({ type: 'done', step: 'done', percent: 100, ...result }),
    failed: (code, message) => ({ type: 'error', step: 'error', percent: 0, code, message }),
  };
}
