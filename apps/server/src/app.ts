import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { composeServices, type ServiceOverrides } from './composition.js';
import type { AppConfig } from './config/env.js';
import type { DatabaseHandle } from './db/database.js';
import { accountRoutes } from './features/account/account.routes.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { audioRoutes } from './features/audio/audio.routes.js';
import { accountSecurityRoutes } from './features/auth/account-security.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { adminUsersRoutes } from './features/billing/admin-users.routes.js';
import { billingRoutes } from './features/billing/billing.routes.js';
import { catalogRoutes } from './features/catalog/catalog.routes.js';
import { contactRoutes } from './features/contact/contact.routes.js';
import { coversRoutes } from './features/catalog/covers/covers.routes.js';
import { filesRoutes } from './features/files/files.routes.js';
import { gamificationRoutes } from './features/gamification/gamification.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { peopleRoutes } from './features/people/people.routes.js';
import { readingListRoutes } from './features/reading-list/reading-list.routes.js';
import { reviewsRoutes } from './features/reviews/reviews.routes.js';
import { remindersRoutes } from './features/reminders/reminders.routes.js';
import type { TickOutcome } from './features/reminders/reminders.service.js';
import { demoRoutes } from './features/summaries/editorial/demo.routes.js';
import { generationRoutes } from './features/summaries/generation/generation.routes.js';
import { summariesRoutes } from './features/summaries/summaries.routes.js';
import { translationRoutes } from './features/summaries/translation/translation.routes.js';
import { testimonialsRoutes } from './features/testimonials/testimonials.routes.js';
import { usageRoutes } from './features/usage/usage.routes.js';
import { answerClientError, answerFrameworkError, closingAnswerPlugin } from './http/framework-answers.js';
import { guardsFirstPlugin } from './http/guards-first.js';
import { loggerOptions, type LogStream } from './http/log-redaction.js';
import { authPlugin } from './plugins/auth.js';
import { databasePlugin } from './plugins/database.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { mailPlugin } from './plugins/mail.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openApiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { storagePlugin } from './plugins/storage.js';
import { webAppPlugin } from './plugins/web-app.js';
import type { LlmStatus } from './providers/llm/llm-provider.js';
import { s3Origin } from './providers/storage/s3-origin.js';
import { AppMetrics } from './observability/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The summary model's state with its cause (the start-up log shows it). */
    modelStatus(): LlmStatus;
    /** One tick of the daily reminders, as the queue's schedule runs it each minute. */
    runReminderTick(): Promise<TickOutcome>;
    /** Queues a sweep of the covers, as the queue's schedule does every five minutes (a worker runs it). */
    sweepCovers(): Promise<void>;
  }
}

export const BODY_LIMIT_BYTES = 64 * 1024;
/** Headers are small: they get at most this long even when REQUEST_TIMEOUT_MS is larger. */
const HEADERS_TIMEOUT_MS = 10_000;

export interface AppOptions extends ServiceOverrides {
  config: AppConfig;
  database: Pick<DatabaseHandle, 'db' | 'sessionCheckDb' | 'kind' | 'ping' | 'poolStats' | 'queueTarget'>;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout unless given; tests read their logs from it). */
  logStream?: LogStream;
  /** Whether the model starts loading (or downloading) once the server listens; default yes. */
  preloadModel?: boolean;
}

/**
 * The app: plugins, then the services built by the composition root (composition.ts), then the
 * routes, each given the services it calls.
 */
export async function buildApp({
  config,
  database,
  logger,
  logStream,
  preloadModel = true,
  ...overrides
}: AppOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel, logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // The framework's own answers, in the error shape with the security headers.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    return503OnClosing: false,
    // A request (headers and body) must arrive within the bound, so a client that trickles bytes
    // cannot hold a connection; Node stops counting once the request is in, so long answers
    // (the generation stream) are not cut. Node checks every second rather than every 30 s.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: 1_000,
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Callback-style per-request hooks: an async one costs a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // While closing, answer in-flight requests with Connection: close so keep-alive sockets
  // end with them instead of holding the shutdown open until their idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(errorHandlerPlugin);
  const metrics = new AppMetrics({
    poolStats: () => database.poolStats(),
    processMetrics: config.metricsToken !== undefined,
  });
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  const storageOrigin =
    overrides.storage?.externalOrigin ??
    (config.storage.driver === 's3' ? s3Origin(config.storage.s3) : undefined);
  await app.register(securityPlugin, { mediaOrigins: storageOrigin ? [storageOrigin] : [] });
  await app.register(closingAnswerPlugin);
  await app.register(databasePlugin, { db: database.db, kind: database.kind, ping: () => database.ping() });
  await app.register(openApiPlugin);
  await app.register(rateLimitPlugin, {
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    limits: config.limits,
  });

  // Never the request's Host or X-Forwarded-Host: anyone can set those (see AuthDeps.baseUrl).
  const baseUrl = () => {
    if (config.publicUrl) return config.publicUrl;
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    return `http://localhost:${port}`;
  };
  const services = await composeServices({
    ...overrides,
    config,
    database,
    log: app.log,
    metrics,
    rateLimit: app.rateLimit,
    mailSettings: { smtpUrl: config.smtpUrl, from: config.mailFrom },
    baseUrl,
  });
  app.addHook('onClose', () => services.close());
  await app.register(mailPlugin, { mailer: services.mail });
  app.decorate('modelStatus', () => services.llm.status());
  // The daily reminders' tick as the queue's schedule runs it each minute (tests run it with their clock).
  app.decorate('runReminderTick', () => services.reminders.tick());
  app.decorate('sweepCovers', () => services.sweepCovers());
  // The model starts downloading or loading once the server listens, so the first reader does
  // not pay for it and readiness does not wait for it (tests that only inject never listen). Not
  // on a web instance: it never runs the model (ADR 31), and has neither the memory for it nor,
  // as deploy.md mounts it on workers only, the model's volume.
  if (preloadModel && config.role !== 'web') {
    app.addHook('onListen', () => {
      setImmediate(() => services.llm.preload?.());
    });
  }
  // Writes the shipped catalogue when it changed, then builds the search index; then a worker
  // queues a sweep of the covers still missing, fetched in the background (never on a reader's request).
  app.addHook('onReady', async () => {
    await services.catalog.importShipped();
    await services.sweepCovers();
  });
  // Then the editorial library, whose summaries link to the catalogue's books (hooks run in order,
  // each within its own start-up time).
  app.addHook('onReady', async () => {
    await services.editorial.seedShipped();
  });
  // And the people, whose shelves name the catalogue's books.
  app.addHook('onReady', async () => {
    await services.people.importShipped();
  });

  await app.register(authPlugin, { sessions: services.auth.sessionCheck });
  await app.register(guardsFirstPlugin);
  await app.register(storagePlugin, { storage: services.storage, owned: services.ownsStorage });

  await app.register(healthRoutes, { health: services.health, requireAdmin: app.requireAdmin });
  await app.register(catalogRoutes, {
    catalog: services.catalog,
    requireAdmin: app.requireAdmin,
    historySearch: async (request, query, language, limit) => {
      const user = await app.identify(request);
      return user ? services.summaries.suggestions(user.id, query, language, limit) : [];
    },
  });
  await app.register(coversRoutes, { covers: services.covers });
  await app.register(authRoutes, services.auth);
  await app.register(accountSecurityRoutes, { security: services.auth.security });
  await app.register(accountRoutes, { account: services.account });
  await app.register(usageRoutes, { usage: services.usage });
  await app.register(gamificationRoutes, {
    progress: services.progress,
    profiles: services.profiles,
    ranking: services.ranking,
  });
  await app.register(summariesRoutes, { summaries: services.summaries });
  await app.register(generationRoutes, { generation: services.generation });
  await app.register(translationRoutes, { translation: services.translation });
  await app.register(audioRoutes, { audio: services.audio });
  await app.register(demoRoutes, { editorial: services.editorial });
  // Presigned S3 URLs point at the bucket; only local files are served by the app.
  if (services.files) await app.register(filesRoutes, { files: services.files });
  await app.register(billingRoutes, { billing: services.billing });
  await app.register(adminUsersRoutes, { billing: services.billing, audit: services.admin });
  await app.register(remindersRoutes, { reminders: services.reminders });
  await app.register(contactRoutes, { contact: services.contact });
  await app.register(testimonialsRoutes, { testimonials: services.testimonials, audit: services.admin });
  await app.register(adminRoutes, {
    admin: services.admin,
    readerAccess: services.auth.readerAccess,
    accounts: services.account,
    summaries: services.summaries,
    regeneration: services.generation,
    contact: services.contact,
  });
  await app.register(peopleRoutes, { people: services.people });
  await app.register(readingListRoutes, { readingList: services.readingList });
  await app.register(reviewsRoutes, { reviews: services.reviews });

  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    // The prerendered pages' canonical links and social tags name the public address, as mails do.
    origin: () => new URL(baseUrl()).origin,
    affiliateDisclosure: config.amazonAssociateTag !== undefined,
    previews: services.summaries,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
