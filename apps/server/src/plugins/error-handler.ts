import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { languageFromAcceptLanguage, mistakeText, type InvalidField } from '@summa/shared';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/database-unavailable.js';
import { AppError } from '../http/app-error.js';
import { sendError, sendStatusError } from '../http/error-reply.js';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
}

/** Enough to find the fields; a body with thousands of bad items does not need them all. */
const MAX_INVALID_FIELDS = 10;

/** The refused fields as data (`body.email`, zod's issue code), never zod's English messages. */
function invalidFields(context: string | undefined, issues: readonly ValidationIssue[]): InvalidField[] {
  return issues.slice(0, MAX_INVALID_FIELDS).map((issue) => ({
    path: [context, issue.instancePath?.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.'),
    code: issue.keyword ?? 'invalid',
  }));
}

/** The one place errors become responses: stable codes, and no internals on 5xx. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const message = error.hasCustomMessage ? error.message : undefined;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(request, reply, error.statusCode, error.code, message);
    }
    if (error.validation) {
      const fields = invalidFields(error.validationContext, error.validation);
      // The first refusal in the words the web shows under its field, when its contract names it.
      const language = languageFromAcceptLanguage(request.headers['accept-language']);
      const named = mistakeText(language, error.validation[0]?.message);
      return sendError(request, reply, 400, 'VALIDATION_ERROR', named ?? undefined, fields);
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
      return sendStatusError(request, reply, status);
    }
    request.log.error({ err: error }, 'request failed');
    const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
    return sendError(request, reply, status === 503 ? 503 : 500, code);
  });
});
