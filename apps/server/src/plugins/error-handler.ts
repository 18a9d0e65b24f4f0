import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '@summa/shared';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { AppError } from '../http/app-error.js';
import { sendError, translatedErrorMessage } from '../http/error-reply.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

function describeValidation(context: string | undefined, issues: readonly ValidationIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const where = [context, issue.instancePath?.replace(/^\//, '').replaceAll('/', '.')]
        .filter(Boolean)
        .join('.');
      return where ? `${where}: ${issue.message ?? 'invalid'}` : (issue.message ?? 'invalid');
    })
    .join('; ');
}

/** The one place errors become responses: stable codes, and no internals on 5xx. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const message = error.hasCustomMessage ? error.message : undefined;
      return sendError(request, reply, error.statusCode, error.code, message);
    }
    if (error.validation) {
      const details = describeValidation(error.validationContext, error.validation);
      const message = `${translatedErrorMessage(request, 'VALIDATION_ERROR')} ${details}`.trim();
      return sendError(request, reply, 400, 'VALIDATION_ERROR', message);
    }
    if (isDatabaseUnavailable(error)) {
      // An outage or a time-out, not a bug: the client may retry, and the app recovers on its own.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(request, reply, 503, 'DATABASE_UNAVAILABLE');
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return sendError(request, reply, 400, 'INVALID_JSON');
      }
      request.log.info({ code: error.code, status }, error.message);
      return sendError(request, reply, status, CODE_BY_STATUS[status] ?? 'BAD_REQUEST');
    }
    request.log.error({ err: error }, 'request failed');
    const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
    return sendError(request, reply, status === 503 ? 503 : 500, code);
  });
});
