import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@summa/shared';
import type { AppError } from './app-error.js';
import { translatedErrorMessage } from './error-reply.js';
import { clientGone, openEventStream } from './event-stream.js';

/** Work a request prepared: a result at once, or a run that reports events as it goes. */
export type PreparedWork<R, E> =
  | { cached: true; result: R }
  | { cached: false; run(listener: (event: E) => void, signal: AbortSignal): Promise<R> };

export interface JsonOrStreamOptions<R, W extends { type: string }> {
  /** What the reader is told of a failure (see reply-error.ts). */
  asReply: (error: unknown) => AppError;
  /** Whether a failure means the reader left: nothing is sent. */
  isCancelled: (error: unknown) => boolean;
  /** The stream's first events, before the work's own. */
  opening?: readonly W[];
  /** The stream's last event when the work succeeded. */
  done: (result: R) => W;
  /** The stream's last event when it failed. */
  failed: (code: ErrorCode, message: string) => W;
}

/**
 * Answers long-running work (a generation, a narration) as JSON, or with `Accept:
 * text/event-stream` as server-sent events: the work's events as they happen, then `done` or
 * an `error` event in the reader's language. Returns the JSON result, or nothing once streamed.
 */
export async function answerJsonOrStream<R, E extends W, W extends { type: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  prepare: () => Promise<PreparedWork<R, E>>,
  options: JsonOrStreamOptions<R, W>,
): Promise<R | undefined> {
  let prepared: PreparedWork<R, E>;
  try {
    prepared = await prepare();
  } catch (error) {
    throw options.asReply(error);
  }
  const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
  if (!wantsStream) {
    if (prepared.cached) return prepared.result;
    try {
      return await prepared.run(() => undefined, clientGone(request, reply));
    } catch (error) {
      throw options.asReply(error);
    }
  }

  const stream = openEventStream<W>(reply);
  for (const event of options.opening ?? []) stream.send(event);
  try {
    const result = prepared.cached
      ? prepared.result
      : await prepared.run((event) => stream.send(event), clientGone(request, reply));
    stream.send(options.done(result));
  } catch (error) {
    if (!options.isCancelled(error)) {
      const failure = options.asReply(error);
      stream.send(options.failed(failure.code, translatedErrorMessage(request, failure.code)));
    }
  }
  stream.end();
  return undefined;
}
