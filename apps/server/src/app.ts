import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import type { DatabaseHandle } from './db/database.js';
import { AudioSyntheses } from './features/audio/audio-synthesis.js';
import { audioRoutes } from './features/audio/audio.routes.js';
import type { PartLimits } from './features/audio/narration.js';
import type { ReaderActivity } from './ports/reader-activity.js';
import { AudioService } from './features/audio/audio.service.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { adminUsersRoutes } from './features/billing/admin-users.routes.js';
import { billingRoutes } from './features/billing/billing.routes.js';
import { BillingService } from './features/billing/billing.service.js';
import { createCatalogLookup } from './features/catalog/catalog-lookup.js';
import { catalogRoutes } from './features/catalog/catalog.routes.js';
import { filesRoutes } from './features/files/files.routes.js';
import { FilesService } from './features/files/files.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { HealthService } from './features/health/health.service.js';
import { DEFAULT_LEASE_MS } from './single-flight/leased-flights.js';
import { generationRoutes } from './features/summaries/generation/generation.routes.js';
import { GenerationFlights, type FlightsDeps } from './features/summaries/generation/generation-flights.js';
import { GenerationService } from './features/summaries/generation/generation.service.js';
import { translationRoutes } from './features/summaries/translation/translation.routes.js';
import { TranslationService } from './features/summaries/translation/translation.service.js';
import { summariesRoutes } from './features/summaries/summaries.routes.js';
import { SummariesService } from './features/summaries/summaries.service.js';
import { createUsageService } from './features/usage/usage.service.js';
import { usageRoutes } from './features/usage/usage.routes.js';
import { loadAchievements } from './features/gamification/achievements.js';
import { gamificationRoutes } from './features/gamification/gamification.routes.js';
import { ProfileService } from './features/gamification/profile.service.js';
import { ProgressService } from './features/gamification/progress.service.js';
import { RankingService } from './features/gamification/ranking.service.js';
import { answerClientError, answerFrameworkError, closingAnswerPlugin } from './http/framework-answers.js';
import { guardsFirstPlugin } from './http/guards-first.js';
import { loggerOptions, type LogStream } from './http/log-redaction.js';
import { authPlugin } from './plugins/auth.js';
import { databasePlugin } from './plugins/database.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { mailPlugin } from './plugins/mail.js';
import { openApiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { storagePlugin } from './plugins/storage.js';
import { webAppPlugin } from './plugins/web-app.js';
import { createLlmProvider } from './providers/llm/create-llm-provider.js';
import type { PaymentsProvider } from './providers/payments/payments-provider.js';
import { createStripePayments } from './providers/payments/stripe-payments.js';
import type { LlmProvider, LlmStatus } from './providers/llm/llm-provider.js';
import { LocalStorage } from './providers/storage/local-storage.js';
import type { ObjectStorage } from './providers/storage/object-storage.js';
import { s3Origin } from './providers/storage/s3-origin.js';
import { createTtsProvider } from './providers/tts/create-tts-provider.js';
import type { TtsProvider } from './providers/tts/tts-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The summary model's state with its cause (the start-up log shows it). */
    modelStatus(): LlmStatus;
  }
}

export const BODY_LIMIT_BYTES = 64 * 1024;
/** Headers are small: they get at most this long even when REQUEST_TIMEOUT_MS is larger. */
const HEADERS_TIMEOUT_MS = 10_000;

export interface AppOptions {
  config: AppConfig;
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'ping'>;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout unless given; tests read their logs from it). */
  logStream?: LogStream;
  /** The summary model; by default the one the config names (tests may hand in their own). */
  llmProvider?: LlmProvider;
  /** How long a generation claim lives and how often waiters look; tests shorten them. */
  generation?: Partial<Pick<FlightsDeps, 'leaseMs' | 'pollMs'>>;
  /** Where generated files go; by default the one the config names (tests may hand in their own). */
  storage?: ObjectStorage;
  /** The narration voice; by default the one the config names (tests may hand in their own). */
  ttsProvider?: TtsProvider;
  /** Shorter narration parts (tests that need many). */
  narration?: PartLimits;
  /** Whether the model starts loading (or downloading) once the server listens; default yes. */
  preloadModel?: boolean;
  /** Where reader activity goes; by default Gamification (tests may record the events instead). */
  readerActivity?: ReaderActivity;
  /** Payments; by default Stripe when the config has STRIPE_SECRET_KEY (tests may hand in their own). */
  payments?: PaymentsProvider;
}

export async function buildApp({
  config,
  database,
  logger,
  logStream,
  llmProvider,
  generation,
  storage,
  ttsProvider,
  narration,
  preloadModel = true,
  readerActivity,
  payments,
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
  const storageOrigin =
    storage?.externalOrigin ?? (config.storage.driver === 's3' ? s3Origin(config.storage.s3) : undefined);
  await app.register(securityPlugin, { mediaOrigins: storageOrigin ? [storageOrigin] : [] });
  await app.register(closingAnswerPlugin);
  await app.register(databasePlugin, { db: database.db, kind: database.kind, ping: () => database.ping() });
  await app.register(openApiPlugin);
  await app.register(rateLimitPlugin, {
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    limits: config.limits,
  });
  await app.register(mailPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  await app.register(authPlugin, { jwtSecret: config.jwtSecret, adminEmails: config.adminEmails });
  await app.register(guardsFirstPlugin);
  await app.register(storagePlugin, { settings: config.storage, storage });

  // Ports (src/ports) bound to the features that implement them.
  const catalog = createCatalogLookup(app.db);
  const leaseMs = generation?.leaseMs ?? DEFAULT_LEASE_MS;
  // A summary's hold on the plan lives as long as a generation's claim, renewed alike.
  const usage = createUsageService(app.db, { holdMs: leaseMs });
  const provider = llmProvider ?? (await createLlmProvider(config.llm, app.log));
  if (!llmProvider) app.addHook('onClose', () => provider.close());
  app.decorate('modelStatus', () => provider.status());
  const summaries = new SummariesService({ db: app.db, plan: usage });

  await app.register(healthRoutes, {
    health: new HealthService(app.pingDatabase, provider),
    requireAdmin: app.requireAdmin,
  });
  // The model starts downloading or loading once the server listens, so the first reader does
  // not pay for it and readiness does not wait for it (tests that only inject never listen).
  if (preloadModel) {
    app.addHook('onListen', () => {
      setImmediate(() => provider.preload?.());
    });
  }
  await app.register(catalogRoutes, {
    requireAdmin: app.requireAdmin,
    openLibrary: config.openLibrary,
    refreshSeconds: config.catalogRefreshSeconds,
    historySearch: async (request, query, language, limit) => {
      const user = await app.identify(request);
      return user ? summaries.suggestions(user.id, query, language, limit) : [];
    },
  });
  await app.register(authRoutes, {
    google: config.google,
    publicUrl: config.publicUrl,
    port: config.port,
    env: config.env,
    readableLog: config.logFormat === 'pretty',
  });

  await app.register(usageRoutes, { usage });
  // A reader's new XP or profile shows in their rankings at once on this instance.
  const standingChanged = (userId: string) => ranking.forget(userId);
  const profiles = new ProfileService({
    db: app.db,
    storage: app.storage,
    plan: usage,
    log: app.log,
    onChange: standingChanged,
  });
  const ranking = new RankingService({ db: app.db, profiles, refreshMs: config.rankingRefreshMs });
  const progress = new ProgressService({
    db: app.db,
    summaries,
    achievements: loadAchievements(),
    onChange: standingChanged,
  });
  await app.register(gamificationRoutes, { progress, profiles, ranking });
  // The ReaderActivity port: Gamification turns what readers do into streaks, achievements and XP.
  const activity = readerActivity ?? progress;
  await app.register(summariesRoutes, { summaries });
  // One flight per norm_key for generations and translations alike (ADR 0020).
  const summaryFlights = new GenerationFlights({
    db: app.db,
    provider,
    catalog,
    idleTimeoutMs: config.llm.idleTimeoutMs,
    log: app.log,
    leaseMs,
    pollMs: generation?.pollMs,
  });
  const generationService = new GenerationService({
    flights: summaryFlights,
    catalog,
    quota: usage,
    summaries,
    activity,
    admitGeneration: app.rateLimit.admitGeneration,
    log: app.log,
    // Leaves time after the grace to tell the readers and close the database before main.ts gives up.
    shutdownGraceMs: config.shutdownTimeoutMs - Math.min(2_000, config.shutdownTimeoutMs / 2),
  });
  const tts = ttsProvider ?? (await createTtsProvider(config.tts));
  if (!ttsProvider) app.addHook('onClose', () => tts.close());
  const audioSyntheses = new AudioSyntheses({
    db: app.db,
    tts,
    storage: app.storage,
    log: app.log,
    leaseMs,
    pollMs: generation?.pollMs,
    partLimits: narration,
  });
  const audio = new AudioService({
    db: app.db,
    syntheses: audioSyntheses,
    summaries,
    quota: usage,
    storage: app.storage,
    activity,
    log: app.log,
    admit: app.rateLimit.admitAudio,
    shutdownGraceMs: config.shutdownTimeoutMs - Math.min(2_000, config.shutdownTimeoutMs / 2),
  });
  const skeletons = await profiles.fillNicknameSkeletons();
  if (skeletons > 0) app.log.info({ skeletons }, 'filled the skeletons of nicknames named before them');
  if (database.kind === 'pglite') {
    // An embedded database has one process: the holds, claims and unfinished audio found at start are a dead one's.
    const holds = await usage.releaseAllHolds();
    const claims = await generationService.releaseAllClaims();
    const audioLeft = await audioSyntheses.releaseAll();
    if (holds + claims + audioLeft.claims + audioLeft.parts > 0) {
      app.log.info({ holds, claims, audio: audioLeft }, 'released what a previous process left');
    }
  }
  await app.register(generationRoutes, { generation: generationService });
  await app.register(translationRoutes, {
    translation: new TranslationService({
      db: app.db,
      flights: summaryFlights,
      catalog,
      plan: usage,
      admitGeneration: app.rateLimit.admitGeneration,
    }),
  });
  await app.register(audioRoutes, { audio });
  // Presigned S3 URLs point at the bucket; only local files are served by the app.
  if (app.storage instanceof LocalStorage) {
    await app.register(filesRoutes, { files: new FilesService(app.storage) });
  }

  // Premium through Stripe (off without STRIPE_SECRET_KEY) and admin grants.
  const billing = new BillingService({
    db: app.db,
    payments: config.payments
      ? { provider: payments ?? createStripePayments(config.payments), settings: config.payments }
      : undefined,
    baseUrl: () => {
      if (config.publicUrl) return config.publicUrl;
      const address = app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : config.port;
      return `http://localhost:${port}`;
    },
    log: app.log,
  });
  await app.register(billingRoutes, { billing });
  await app.register(adminUsersRoutes, { billing });

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
