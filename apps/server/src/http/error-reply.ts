import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_CODE_BY_STATUS,
  languageFromAcceptLanguage,
  translations,
  type ErrorCode,
  type ErrorResponse,
  type InvalidField,
} from '@summa/shared';

export function translatedErrorMessage(request: FastifyRequest, code: ErrorCode): string {
  return translations[languageFromAcceptLanguage(request.headers['accept-language'])].errors[code];
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message = translatedErrorMessage(request, code),
  fields?: InvalidField[],
): FastifyReply {
  const body: ErrorResponse = { error: fields ? { code, message, fields } : { code, message } };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Replies with the code the status stands for (the shared map), BAD_REQUEST for any other status. */
export function sendStatusError(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
): FastifyReply {
  return sendError(request, reply, statusCode, ERROR_CODE_BY_STATUS[statusCode] ?? 'BAD_REQUEST');
}
