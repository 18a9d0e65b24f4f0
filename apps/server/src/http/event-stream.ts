import type { FastifyReply, FastifyRequest } from 'fastify';

/** A server-sent event stream on a hijacked reply: each event goes out as `event: <type>` + JSON data. */
export interface EventStream<E extends { type: string }> {
  send(event: E): void;
  /** Ends the response; later sends are dropped. */
  end(): void;
}

/** Starts a server-sent event stream on the raw response, keeping the headers set so far (CSP, request id). */
export function openEventStream<E extends { type: string }>(reply: FastifyReply): EventStream<E> {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && name !== 'content-length') reply.raw.setHeader(name, value);
  }
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  reply.raw.flushHeaders();
  return {
    send(event) {
      if (!reply.raw.writableEnded)
        reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (!reply.raw.writableEnded) reply.raw.end();
    },
  };
}

/** Aborts when the client goes away before the answer is complete. */
export function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  request.raw.on('aborted', () => controller.abort());
  return controller.signal;
}
