import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  feedbackRequestSchema,
  FREE_HISTORY_LIMIT,
  generateSummaryRequestSchema,
  generateSummaryResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  STEP_PERCENT,
  statusResponseSchema,
  summarySchema,
  type GenerationEvent,
  type Language,
  type Suggestion,
  type Summary,
  type SummarySectionKey,
} from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { translatedErrorMessage } from '../../http/error-reply.js';
import { sendSerializedJson } from '../../http/serialized-json.js';
import type { LlmProvider } from '../../providers/llm/llm-provider.js';
import type { FlightEvent } from './flight.js';
import {
  createGenerationService,
  SummaryLimitError,
  type BookCatalog,
  type GenerationService,
  type SummaryQuota,
} from './generation.service.js';
import {
  findSummary,
  findReaderState,
  insertFeedback,
  findUserSummaries,
  listUserSummaries,
  touchUserSummary,
  type SummaryRecord,
} from './summaries.repository.js';
import { SummaryReadCache, type ReadySummary } from './summary-read-cache.js';
import { GenerationError } from './summary-writer.js';

export interface SummariesRoutesOptions {
  provider: LlmProvider;
  catalog: BookCatalog;
  quota: SummaryQuota;
  idleTimeoutMs: number;
  /** Tests shorten these to exercise lease expiry and cross-instance waiting. */
  leaseMs?: number;
  pollMs?: number;
}

const bearer = [{ bearerAuth: [] }];
const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 422 | 429 | 502 | 503)[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));

const FAILURE_STATUS = { BOOK_NOT_IDENTIFIED: 422, GENERATION_FAILED: 502, MODEL_UNAVAILABLE: 503 } as const;

function failureOf(error: unknown): AppError {
  if (error instanceof AppError) return error; // e.g. the fair-use limit's 429
  if (error instanceof SummaryLimitError) return new AppError('SUMMARY_LIMIT_REACHED', 403);
  if (error instanceof GenerationError && error.code !== 'CANCELLED') {
    return new AppError(error.code, FAILURE_STATUS[error.code]);
  }
  return new AppError('GENERATION_FAILED', 502);
}

/**
 * A stored summary's answer up to the reader's part, serialized once: the summary never changes
 * (it was checked against its schema before it was stored), and its content is most of the body.
 */
function readySummary(summary: SummaryRecord): ReadySummary {
  const body = JSON.stringify({
    id: summary.id,
    title: summary.title,
    author: summary.author,
    language: summary.language,
    bookId: summary.bookId,
    category: summary.category,
    cover_url: summary.coverUrl,
    content: summary.content,
    related: summary.related,
    createdAt: summary.createdAt.toISOString(),
  } satisfies Omit<Summary, 'feedback'>);
  return { id: summary.id, bodyStart: body.slice(0, -1) };
}

function toProgressEvent(event: FlightEvent): GenerationEvent {
  if (event.type === 'section')
    return { type: 'section', key: event.key as SummarySectionKey, value: event.value };
  return { type: 'progress', step: event.step, percent: STEP_PERCENT[event.step] };
}

/** Starts a server-sent event stream on the raw response, keeping the headers set so far (CSP, request id). */
function openEventStream(reply: FastifyReply): (event: GenerationEvent) => void {
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
  return (event) => {
    if (!reply.raw.writableEnded) reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
}

/** Aborts when the client goes away before the answer is complete. */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  request.raw.on('aborted', () => controller.abort());
  return controller.signal;
}

export const summariesRoutes: FastifyPluginAsyncZod<SummariesRoutesOptions> = async (app, options) => {
  const readCache = new SummaryReadCache();
  const generation: GenerationService = createGenerationService({
    db: app.db,
    provider: options.provider,
    catalog: options.catalog,
    quota: options.quota,
    admitGeneration: app.rateLimit.admitGeneration,
    idleTimeoutMs: options.idleTimeoutMs,
    log: app.log,
    leaseMs: options.leaseMs,
    pollMs: options.pollMs,
  });
  app.addHook('preClose', () => generation.close());

  app.post(
    '/api/summaries',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: 'Generate a summary (generate-summary), or get it at once when it exists',
        description:
          'With `Accept: text/event-stream` the answer streams `progress` (resolve 25, summarize 50, polish 75), ' +
          '`section` (each section as soon as the model wrote it; a second `summarize` progress starts them over), ' +
          'then `done` (100, with summaryId and usage) or `error` (0, with code and message). ' +
          'Counts against the monthly plan unless the reader already had this summary; a failure costs nothing.',
        security: bearer,
        body: generateSummaryRequestSchema,
        response: { 200: generateSummaryResponseSchema, ...errors(400, 401, 403, 422, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      let prepared;
      try {
        prepared = await generation.prepare(request.user.id, request.body);
      } catch (error) {
        throw failureOf(error);
      }
      const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
      if (!wantsStream) {
        if (prepared.cached) return prepared.result;
        try {
          return await prepared.run(() => undefined, clientGone(request, reply));
        } catch (error) {
          throw failureOf(error);
        }
      }

      const send = openEventStream(reply);
      send({ type: 'progress', step: 'resolve', percent: STEP_PERCENT.resolve });
      try {
        const result = prepared.cached
          ? prepared.result
          : await prepared.run((event) => send(toProgressEvent(event)), clientGone(request, reply));
        send({ type: 'done', step: 'done', percent: 100, ...result });
      } catch (error) {
        if (!(error instanceof GenerationError && error.code === 'CANCELLED')) {
          const failure = failureOf(error);
          send({
            type: 'error',
            step: 'error',
            percent: 0,
            code: failure.code,
            message: translatedErrorMessage(request, failure.code),
          });
        }
      }
      reply.raw.end();
    },
  );

  app.get(
    '/api/summaries/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: "A summary; opening it records it in the reader's history",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: summarySchema, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      let summary = readCache.summary(request.params.id);
      if (!summary) {
        const stored = await findSummary(app.db, request.params.id);
        if (!stored) throw new AppError('NOT_FOUND', 404);
        summary = readySummary(stored);
        readCache.rememberSummary(summary);
      }
      let reader = readCache.reader(userId, summary.id);
      if (!reader) {
        const state = await findReaderState(app.db, summary.id, userId);
        // Reading records the summary in the reader's history; a reload within a minute writes nothing.
        if (!state.seenRecently) await touchUserSummary(app.db, userId, summary.id);
        reader = { feedback: state.vote ? { vote: state.vote, comment: state.comment } : null };
        readCache.rememberReader(userId, summary.id, reader);
      }
      return sendSerializedJson(reply, `${summary.bodyStart},"feedback":${JSON.stringify(reader.feedback)}}`);
    },
  );

  app.post(
    '/api/summaries/:id/feedback',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: 'Rate a summary (up or down, with an optional comment), once per reader',
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        body: feedbackRequestSchema,
        response: { 204: z.null(), ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const summary = await findSummary(app.db, request.params.id);
      if (!summary) throw new AppError('NOT_FOUND', 404);
      if (!(await insertFeedback(app.db, request.user.id, summary.id, request.body))) {
        throw new AppError('FEEDBACK_ALREADY_GIVEN', 409);
      }
      readCache.forgetReader(request.user.id, summary.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/history',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: "The reader's summaries, most recent first (free plan: the 20 most recent)",
        security: bearer,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { plan } = await options.quota.usage(request.user.id);
      const limit = plan === 'premium' ? 10_000 : FREE_HISTORY_LIMIT;
      const { rows, total } = await listUserSummaries(app.db, request.user.id, {
        query: request.query.q,
        limit,
      });
      return {
        items: rows.map((row) => ({
          summaryId: row.summaryId,
          title: row.title,
          author: row.author,
          language: row.language,
          cover_url: row.coverUrl,
          oneLiner: row.content.oneLiner,
          lastSeenAt: row.lastSeenAt.toISOString(),
        })),
        total,
        limited: total > rows.length && plan !== 'premium',
      };
    },
  );

  app.get(
    '/api/status',
    {
      schema: {
        tags: ['operations'],
        summary: 'The summary model: provider, model, and whether it is ready, downloading or failing',
        response: { 200: statusResponseSchema },
      },
    },
    async () => ({ llm: options.provider.status() }),
  );
};

/** The reader's own summaries for the search box (source 'history'). */
export async function historySuggestions(
  app: { db: Parameters<typeof findUserSummaries>[0] },
  userId: string,
  query: string,
  language: Language,
  limit: number,
): Promise<Suggestion[]> {
  const rows = await findUserSummaries(app.db, userId, { query, language, limit });
  return rows.map((row) => ({
    id: row.summaryId,
    title: row.title,
    author: row.author,
    lang: row.language,
    cover_url: row.coverUrl,
    source: 'history',
  }));
}
