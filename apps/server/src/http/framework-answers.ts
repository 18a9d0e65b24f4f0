import { ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageFromAcceptLanguage, translations, type ErrorCode, type ErrorResponse } from '@summa/shared';
import { securityHeadersFor } from '../plugins/security.js';
import { sendError } from './error-reply.js';

/**
 * Answers that Fastify and Node's HTTP server would otherwise write themselves, in their own
 * shape, echoing the path and without the security headers. Every one of them goes out here in
 * the API's error shape, translated, with the security headers.
 */

/** Fastify's `frameworkErrors`: raised while routing, before any hook (so no headers yet). */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.headers(securityHeadersFor(request));
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(request, reply, 414, 'URI_TOO_LONG');
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void sendError(request, reply, 400, 'BAD_REQUEST');
  } else {
    request.log.error({ err: error }, 'framework error');
    void sendError(request, reply, 500, 'INTERNAL_ERROR');
  }
}

const CLIENT_ERRORS: Record<string, [number, ErrorCode]> = {
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT'],
  ERR_HTTP_REQUEST_HEADERS_TIMEOUT: [408, 'REQUEST_TIMEOUT'],
};

/**
 * Fastify's `clientErrorHandler`: Node could not make a request of what the client sent (headers
 * too large, not HTTP, too slow). There is no request object, so the answer is written raw; the
 * language comes from the bytes Node had read, when they say.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'BAD_REQUEST'];
  this.log.info({ code: error.code, status }, 'client error');
  if (!socket.writable || responseStarted(socket)) {
    socket.destroy();
    return;
  }
  const language = languageFromAcceptLanguage(acceptLanguageOf(error, socket));
  const body: ErrorResponse = { error: { code, message: translations[language].errors[code] } };
  const json = JSON.stringify(body);
  const headers: Record<string, string> = {
    ...securityHeadersFor(undefined),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n${json}`);
}

/** The answer Node has begun for the request on this socket, if any (body time-outs have one). */
function pendingResponse(socket: Socket): ServerResponse | undefined {
  const response: unknown = Reflect.get(socket, '_httpMessage');
  return response instanceof ServerResponse ? response : undefined;
}

/** Once its head is out, no other answer fits. */
function responseStarted(socket: Socket): boolean {
  return pendingResponse(socket)?.headersSent === true;
}

/** From the request's headers when Node had parsed them, else from the raw bytes it had read. */
function acceptLanguageOf(error: Error, socket: Socket): string | undefined {
  const parsed = pendingResponse(socket)?.req.headers['accept-language'];
  if (parsed !== undefined) return parsed;
  const packet: unknown = Reflect.get(error, 'rawPacket');
  if (!Buffer.isBuffer(packet)) return undefined;
  return /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(packet.toString('latin1'))?.[1];
}

/**
 * While the app closes, Fastify would answer new requests with its own 503 (return503OnClosing,
 * turned off in app.ts); this answers them in the error shape instead.
 */
export const closingAnswerPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    reply.header('connection', 'close').header('retry-after', '5');
    void sendError(request, reply, 503, 'SERVICE_UNAVAILABLE');
  });
});
