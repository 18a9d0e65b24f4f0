import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from './config/env.js';
import { loadOrCreateSecret } from './db/app-secrets.repository.js';
import type { DatabaseHandle } from './db/database.js';
import { AccountService } from './features/account/account.service.js';
import { AdminService } from './features/admin/admin.service.js';
import { AudioSyntheses } from './features/audio/audio-synthesis.js';
import { AudioService } from './features/audio/audio.service.js';
import type { PartLimits } from './features/audio/narration.js';
import { AccountSecurityService } from './features/auth/account-security.service.js';
import { LoginThrottle } from './features/auth/auth-rate-limits.js';
import type { AuthRoutesOptions } from './features/auth/auth.routes.js';
import { AuthService } from './features/auth/auth.service.js';
import { EmailConfirmationService } from './features/auth/email-confirmation.service.js';
import { GoogleSignInService } from './features/auth/google.service.js';
import { KnownDevices } from './features/auth/known-devices.service.js';
import { Passwords } from './features/auth/passwords.service.js';
import { ReaderAccessService } from './features/auth/reader-access.service.js';
import { RecoveryService } from './features/auth/recovery.service.js';
import { SessionCheckService } from './features/auth/session-check.service.js';
import { SessionService, type AuthDeps } from './features/auth/session.service.js';
import { createAccessTokens } from './features/auth/tokens.service.js';
import { BillingService } from './features/billing/billing.service.js';
import { CatalogLookup } from './features/catalog/catalog-lookup.js';
import { CatalogService } from './features/catalog/catalog.service.js';
import { ContactService } from './features/contact/contact.service.js';
import { JobQueue, type JobQueueSettings } from './queue/job-queue.js';
import { InProcessRelay } from './queue/progress-relay.js';
import { PostgresRelay } from './db/postgres-relay.js';
import { startCoverSweeps, startReminderTicks, startUpkeep, sweepCovers } from './queue/upkeep.js';
import { databaseUpkeep } from './queue/upkeep.repository.js';
import { CoverSweep, type CoverSweepSettings } from './features/catalog/covers/cover-sweep.js';
import { CoversService } from './features/catalog/covers/covers.service.js';
import { FilesService } from './features/files/files.service.js';
import { loadAchievements } from './features/gamification/achievements.js';
import { ProfileService } from './features/gamification/profile.service.js';
import { ProgressService } from './features/gamification/progress.service.js';
import { RankingService } from './features/gamification/ranking.service.js';
import { StandingRemoval } from './features/gamification/standing-removal.js';
import { HealthService } from './features/health/health.service.js';
import { WorkerModelStatusPublisher } from './features/health/worker-model-status.js';
import { PeopleService } from './features/people/people.service.js';
import { ReadingListService } from './features/reading-list/reading-list.service.js';
import { ReviewsService } from './features/reviews/reviews.service.js';
import { RemindersService } from './features/reminders/reminders.service.js';
import { UnsubscribeTokens } from './features/reminders/unsubscribe-token.js';
import type { NextBook } from './ports/next-book.js';
import { generateVapidKeys, PushSender } from './providers/push/push-sender.js';
import { EditorialService } from './features/summaries/editorial/editorial.service.js';
import { GenerationFlights, type FlightsDeps } from './features/summaries/generation/generation-flights.js';
import { GenerationService } from './features/summaries/generation/generation.service.js';
import { SummariesService } from './features/summaries/summaries.service.js';
import { TestimonialsService } from './features/testimonials/testimonials.service.js';
import { TranslationService } from './features/summaries/translation/translation.service.js';
import { UsageService } from './features/usage/usage.service.js';
import { createMailProvider, type MailSettings } from './providers/mail/mail-provider.js';
import { QueuedMailer } from './queue/mail-jobs.js';
import type { RateLimiter } from './plugins/rate-limit.js';
import type { Metrics } from './observability/metrics.js';
import type { ReaderActivity } from './ports/reader-activity.js';
import { createLlmProvider } from './providers/llm/create-llm-provider.js';
import type { LlmProvider } from './providers/llm/llm-provider.js';
import { meteredLlmProvider } from './providers/llm/metered-llm-provider.js';
import type { PaymentsProvider } from './providers/payments/payments-provider.js';
import { createStripePayments } from './providers/payments/stripe-payments.js';
import { createObjectStorage } from './providers/storage/create-object-storage.js';
import { LocalStorage } from './providers/storage/local-storage.js';
import type { ObjectStorage } from './providers/storage/object-storage.js';
import { createTtsProvider } from './providers/tts/create-tts-provider.js';
import type { TtsProvider } from './providers/tts/tts-provider.js';
import { DEFAULT_LEASE_MS } from './single-flight/leased-flights.js';

/** What a caller (a test) may hand in instead of what the config names. */
export interface ServiceOverrides {
  /** The summary model; by default the one the config names. */
  llmProvider?: LlmProvider | undefined;
  /** How long a generation claim lives and how often waiters look; tests shorten them. */
  generation?: Partial<Pick<FlightsDeps, 'leaseMs' | 'pollMs'>> | undefined;
  /** Where generated files go; by default the one the config names. The caller closes it. */
  storage?: ObjectStorage | undefined;
  /** The narration voice; by default the one the config names. */
  ttsProvider?: TtsProvider | undefined;
  /** Shorter narration parts (tests that need many). */
  narration?: PartLimits | undefined;
  /** Where reader activity goes; by default Gamification (tests may record the events instead). */
  readerActivity?: ReaderActivity | undefined;
  /** Payments; by default Stripe when the config has STRIPE_SECRET_KEY. */
  payments?: PaymentsProvider | undefined;
  /** The cover sweep's pace (tests shorten it); it runs only when the config names a source. */
  coverSweep?: Partial<CoverSweepSettings> | undefined;
  /** The job queue's heartbeat, supervision and concurrency (tests shorten them). */
  jobQueue?: Partial<JobQueueSettings> | undefined;
  /** A refused mail's first wait before it is tried again, in seconds (tests shorten it). */
  mailRetryDelaySeconds?: number | undefined;
  /**
   * A second app on an embedded database another app of this process is running (tests of two
   * instances): what it finds claimed is that app's live work, not a dead process's, so the
   * start's release of it is skipped.
   */
  joinsRunningDatabase?: boolean | undefined;
  /** The clock of awards, the daily goal, reviews, listening and reminders; tests move it across days. */
  clock?: (() => Date) | undefined;
}

export interface CompositionOptions extends ServiceOverrides {
  config: AppConfig;
  database: Pick<DatabaseHandle, 'db' | 'sessionCheckDb' | 'kind' | 'ping' | 'queueTarget'>;
  log: FastifyBaseLogger;
  /** Where the model and speech work is counted and timed (/metrics). */
  metrics: Metrics;
  /** The shared rate limits (plugins/rate-limit.ts): fair use of the model and the voice, sign-in limits. */
  rateLimit: RateLimiter;
  /** SMTP_URL and MAIL_FROM: SMTP when set, else the outbox table (ADR 0011). */
  mailSettings: MailSettings;
  /**
   * The base of mailed links, the Google redirect URI and Stripe's return URLs: PUBLIC_URL, else
   * this server on localhost (on the port it listens on, known once it does).
   */
  baseUrl: () => string;
}

/**
 * The auth feature's services (what its routes take; the cookie secret is kept in the database like
 * the JWT key), and the SessionCheck port it implements for plugins/auth.ts.
 */
export interface AuthServices extends AuthRoutesOptions {
  sessionCheck: SessionCheckService;
  /** The reader's password, address and devices; the ReaderReauthentication port. */
  security: AccountSecurityService;
  /** Roles and sessions as an admin changes them; the ReaderAccess port. */
  readerAccess: ReaderAccessService;
}

/** Every service of the server, built once; buildApp hands them to the plugins and routes. */
export interface Services {
  llm: LlmProvider;
  storage: ObjectStorage;
  /** Whether `storage` was built here (and so is closed with the app). */
  ownsStorage: boolean;
  auth: AuthServices;
  health: HealthService;
  catalog: CatalogService;
  /** The book covers the app stores and serves. */
  covers: CoversService;
  /**
   * Queues a sweep of the catalogue's covers now (a worker, once the catalogue is in; tests); the
   * queue's schedule sweeps every five minutes. Nothing on a web instance or with COVERS_FETCH=off.
   */
  sweepCovers(): Promise<void>;
  usage: UsageService;
  summaries: SummariesService;
  generation: GenerationService;
  translation: TranslationService;
  /** The editorial library (seeded at start) and the demo. */
  editorial: EditorialService;
  audio: AudioService;
  progress: ProgressService;
  profiles: ProfileService;
  ranking: RankingService;
  billing: BillingService;
  /** The reader's export and the deletion of their account. */
  account: AccountService;
  /** The contact page's messages: stored, and mailed to CONTACT_TO. */
  contact: ContactService;
  /** Readers' feedback comments an admin approved for the landing. */
  testimonials: TestimonialsService;
  /** Well-known people's recommended books (data/people.json, imported at start) and their curation. */
  people: PeopleService;
  /** The books each reader saved to read. */
  readingList: ReadingListService;
  /** The daily review's cards, scheduled by FSRS (issue 27, ADR 0033). */
  reviews: ReviewsService;
  /** The daily reminders: settings, push subscriptions, unsubscribe, and the tick the queue runs. */
  reminders: RemindersService;
  /** Outgoing e-mail: queued mails, sent by a worker (ADR 0031), and the contact form's, sent at once. */
  mail: QueuedMailer;
  /** The admin console's audit log, usage log and cross-feature reads (ADR 0030). */
  admin: AdminService;
  /** Local stored files through signed URLs; none with S3 (its presigned URLs point at the bucket). */
  files: FilesService | undefined;
  /** Closes what was built here for the app's life (the model and the voice it chose). */
  close(): Promise<void>;
}

/**
 * The composition root (ADR 0021): builds every service with its dependencies, binds each port
 * (src/ports) to the feature that implements it, and does the start-up work of the database
 * (secrets, admin roles, what a dead process left). Plugins and routes only receive what it built.
 */
export async function composeServices(options: CompositionOptions): Promise<Services> {
  const { config, database, log, rateLimit, baseUrl } = options;
  const { db } = database;
  const closers: (() => Promise<void>)[] = [];

  const storage =
    options.storage ??
    (await createObjectStorage(config.storage, {
      // Like the JWT key: generated once, kept in the database, the same for every instance.
      signingKey: () => loadOrCreateSecret(db, 'storage'),
    }));
  const llm = meteredLlmProvider(
    options.llmProvider ?? (await createLlmProvider(config.llm, log)),
    options.metrics,
  );
  if (!options.llmProvider) closers.push(() => llm.close());
  const tts = options.ttsProvider ?? (await createTtsProvider(config.tts));
  if (!options.ttsProvider) closers.push(() => tts.close());

  // Leaves time after the grace to tell the readers and close the database before main.ts gives up.
  const shutdownGraceMs = config.shutdownTimeoutMs - Math.min(2_000, config.shutdownTimeoutMs / 2);
  // The model and speech work and the e-mail go through the job queue (ADR 0031): a web instance
  // queues them (and follows the work through the relay), a worker runs them; SUMMA_ROLE=all does
  // both in one process.
  const works = config.role !== 'web';
  const queue = await JobQueue.start({
    database,
    log,
    metrics: options.metrics,
    works,
    settings: options.jobQueue,
  });
  closers.unshift(() => queue.stop(shutdownGraceMs));
  options.metrics.bindQueue(queue);
  const mail = new QueuedMailer({
    provider: createMailProvider(options.mailSettings, db, log),
    queue,
    log,
    retryDelaySeconds: options.mailRetryDelaySeconds,
  });
  // After the queue stopped: its last mail jobs may still be sending.
  closers.push(() => mail.close());

  const auth = await composeAuth(options, mail);
  // The AdminAudit and WorkLog ports: the console's audit rows and usage numbers.
  const admin = new AdminService({ db, log });

  // Ports (src/ports) bound to the features that implement them.
  const catalogLookup = new CatalogLookup({ db });
  const leaseMs = options.generation?.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.generation?.pollMs;
  // A summary's hold on the plan lives as long as a generation's claim, renewed alike.
  const usage = new UsageService({ db, holdMs: leaseMs });
  // The StoredCovers port: the PDF export prints the cover the app stored.
  const covers = new CoversService({ storage });
  const coverSweep = config.covers
    ? new CoverSweep({ db, storage, log, sourceUrl: config.covers.sourceUrl, settings: options.coverSweep })
    : undefined;
  const summaries = new SummariesService({ db, plan: usage, storedCovers: covers, log });

  // A reader's new XP or profile shows in their rankings at once on this instance.
  const standingChanged = (userId: string) => ranking.forget(userId);
  const profiles = new ProfileService({ db, storage, plan: usage, log, onChange: standingChanged });
  const ranking = new RankingService({ db, profiles, refreshMs: config.rankingRefreshMs });
  const progress = new ProgressService({
    db,
    summaries,
    achievements: loadAchievements(),
    onChange: standingChanged,
    ...(options.clock ? { now: options.clock } : {}),
  });
  // The ReaderActivity port: Gamification turns what readers do into streaks, achievements and XP.
  const activity = options.readerActivity ?? progress;

  const target = database.queueTarget;
  const relay = target.kind === 'pglite' ? new InProcessRelay() : await PostgresRelay.open(target.url, log);
  closers.push(() => relay.close());

  // One flight per norm_key for generations and translations alike (ADR 0020).
  const summaryFlights = new GenerationFlights({
    db,
    summaries,
    audit: admin,
    provider: llm,
    catalog: catalogLookup,
    idleTimeoutMs: config.llm.idleTimeoutMs,
    log,
    metrics: options.metrics,
    workLog: admin,
    leaseMs,
    pollMs,
    queue,
    relay,
    alsoWeb: config.role === 'all',
  });
  // With role all, the web side's close already gave the running work its grace (it waits for the
  // worker's results): what still runs then is stopped at once, within the shutdown's time.
  if (works) {
    closers.unshift(() => summaryFlights.closeWorker(config.role === 'all' ? 0 : shutdownGraceMs));
  }
  const generation = new GenerationService({
    workLog: admin,
    flights: summaryFlights,
    catalog: catalogLookup,
    quota: usage,
    summaries,
    activity,
    admitGeneration: rateLimit.admitGeneration,
    log,
    shutdownGraceMs,
  });
  const translation = new TranslationService({
    db,
    flights: summaryFlights,
    catalog: catalogLookup,
    plan: usage,
    admitGeneration: rateLimit.admitGeneration,
  });
  // One narration per summary and language, synthesized by a worker (the narration queue).
  const audioSyntheses = new AudioSyntheses({
    db,
    tts,
    storage,
    summaries,
    log,
    metrics: options.metrics,
    leaseMs,
    pollMs,
    partLimits: options.narration,
    queue,
    relay,
    alsoWeb: config.role === 'all',
  });
  if (works) {
    closers.unshift(() => audioSyntheses.closeWorker(config.role === 'all' ? 0 : shutdownGraceMs));
  }
  const audio = new AudioService({
    db,
    syntheses: audioSyntheses,
    summaries,
    quota: usage,
    storage,
    activity,
    goals: progress,
    log,
    admit: rateLimit.admitAudio,
    ...(options.clock ? { now: options.clock } : {}),
    shutdownGraceMs,
    workLog: admin,
  });

  // The editorial library: resolved in the catalogue like a generation; the demo's narration on the house.
  const editorial = new EditorialService({ db, catalog: catalogLookup, narration: audio, log });

  // Premium through Stripe (off without STRIPE_SECRET_KEY) and admin grants.
  const billing = new BillingService({
    db,
    payments: config.payments
      ? { provider: options.payments ?? createStripePayments(config.payments), settings: config.payments }
      : undefined,
    baseUrl,
    log,
  });

  const testimonials = new TestimonialsService({ db, log });

  // Export and deletion reach the other features through ports (ADR 0023).
  const account = new AccountService({
    db,
    storage,
    reauthentication: auth.security,
    subscriptions: billing,
    deletionSteps: [new StandingRemoval({ ranking }), testimonials],
    forgetSessions: (which) => auth.sessionCheck.forget(which),
    log,
  });
  const orphans = await account.sweepOrphanedFiles();
  if (orphans > 0)
    log.info({ files: orphans }, 'removed the files of deleted accounts a previous process left');

  const skeletons = await profiles.fillNicknameSkeletons();
  if (skeletons > 0) log.info({ skeletons }, 'filled the skeletons of nicknames named before them');
  if (database.kind === 'pglite' && !options.joinsRunningDatabase) {
    // An embedded database has one process: the holds, claims and unfinished audio found at start are a dead one's.
    const holds = await usage.releaseAllHolds();
    const claims = await generation.releaseAllClaims();
    const audioLeft = await audioSyntheses.releaseAll();
    const coverClaims = (await coverSweep?.releaseAllClaims()) ?? 0;
    const jobs = await queue.dropActive();
    if (holds + claims + audioLeft.claims + audioLeft.parts + coverClaims + jobs > 0) {
      log.info(
        { holds, claims, audio: audioLeft, coverClaims, jobs },
        'released what a previous process left',
      );
    }
  }

  const readingList = new ReadingListService({ db, books: catalogLookup });
  const catalog = new CatalogService({
    db,
    log,
    refreshMs: config.catalogRefreshSeconds * 1_000,
    openLibrary: config.openLibrary,
    now: options.clock,
  });
  const reminders = new RemindersService({
    db,
    log,
    mail,
    push: new PushSender({ ...(await vapidKeys(options)), subject: vapidSubject(config) }),
    // The ReaderStreaks port: whether the reader read that day, and their streak.
    streaks: progress,
    nextBook: nextBook({ readingList, catalog, summaries }),
    tokens: new UnsubscribeTokens(await loadOrCreateSecret(db, 'reminders')),
    baseUrl,
    now: options.clock,
  });

  if (works) {
    await summaryFlights.work();
    await audioSyntheses.work();
    await startUpkeep(
      queue,
      databaseUpkeep(db, () => audioSyntheses.sweepLeftovers()),
      log,
    );
    await startReminderTicks(queue, () => reminders.tick());
    await mail.work();
    await startCoverSweeps(queue, coverSweep ? () => coverSweep.run() : undefined);
  }
  // Web instances never load the model: they show readers what the workers see of it (ADR 0042).
  if (config.role === 'worker') {
    const modelStatus = new WorkerModelStatusPublisher({ db, model: llm, log });
    modelStatus.start();
    closers.push(() => modelStatus.stop());
  }

  return {
    llm,
    storage,
    ownsStorage: !options.storage,
    auth,
    health: new HealthService({
      pingDatabase: () => database.ping(),
      model: llm,
      amazonAssociateTag: config.amazonAssociateTag,
      ...(works ? {} : { workersDb: db }),
    }),
    catalog,
    covers,
    sweepCovers: async () => {
      if (works && coverSweep) await sweepCovers(queue);
    },
    usage,
    summaries,
    generation,
    translation,
    editorial,
    audio,
    progress,
    profiles,
    ranking,
    billing,
    account,
    contact: new ContactService({ db, mail, contactTo: config.contactTo, log }),
    testimonials,
    // The ListedBooks port: shelves and reading lists show catalogue books as the catalogue does.
    people: new PeopleService({ db, books: catalogLookup, log }),
    // The GoalActivity port: a review's XP, streak and goal go through Gamification's awards.
    reviews: new ReviewsService({ db, goals: progress, ...(options.clock ? { now: options.clock } : {}) }),
    readingList,
    reminders,
    mail,
    admin,
    files: storage instanceof LocalStorage ? new FilesService({ storage }) : undefined,
    async close() {
      // Mails a request dispatched are queued before the queue stops.
      await mail.queued();
      // The sweep first: it may be storing a cover, and the storage and database close after this.
      await coverSweep?.stop();
      for (const close of closers) await close();
      // Last: the queue's work, stopped above, may have noted lines until its end.
      await admin.flushWorkLog();
    },
  };
}

/** Web Push's VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else a pair generated once and kept in the database. */
async function vapidKeys(options: CompositionOptions): Promise<{ publicKey: string; privateKey: string }> {
  if (options.config.vapid.keys) return options.config.vapid.keys;
  const stored = await loadOrCreateSecret(options.database.db, 'vapid', () =>
    JSON.stringify(generateVapidKeys()),
  );
  return vapidPairSchema.parse(JSON.parse(stored));
}

const vapidPairSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/** Who push services may contact: VAPID_SUBJECT, else PUBLIC_URL when https, else MAIL_FROM's address. */
function vapidSubject(config: AppConfig): string {
  if (config.vapid.subject) return config.vapid.subject;
  if (config.publicUrl?.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${address.trim()}`;
}

/**
 * The NextBook port: the first book of the reader's reading list, else the most trending catalogue
 * book whose summary in the reader's language is not in their history.
 */
function nextBook(deps: {
  readingList: ReadingListService;
  catalog: CatalogService;
  summaries: SummariesService;
}): NextBook {
  return {
    async suggest(userId, language) {
      const saved = await deps.readingList.list(userId, language);
      const first = saved.items[0]?.book;
      if (first) return { title: first.title, author: first.author, summaryId: first.summary_id ?? null };
      const trending = await deps.catalog.explore({
        sort: 'trending',
        page: 1,
        pageSize: 20,
        uiLang: language,
      });
      for (const book of trending.books) {
        if (book.summary_id && (await deps.summaries.inHistory(userId, book.summary_id))) continue;
        return { title: book.title, author: book.author, summaryId: book.summary_id ?? null };
      }
      return undefined;
    },
  };
}

/** Accounts, sessions and sign-in; its keys come from the database unless the config sets them. */
async function composeAuth(options: CompositionOptions, mail: QueuedMailer): Promise<AuthServices> {
  const { config, database, log, rateLimit, baseUrl } = options;
  const { db } = database;
  // A generated key lives in the database so that every instance, and every restart, shares it.
  const accessTokens = createAccessTokens(config.jwtSecret ?? (await loadOrCreateSecret(db, 'jwt')));
  const sessionCheck = new SessionCheckService({ db: database.sessionCheckDb, accessTokens, log });
  const deps: AuthDeps = {
    db,
    accessTokens,
    adminEmails: [...new Set(config.adminEmails.map((email) => email.toLowerCase()))],
    log,
    forgetSessions: (which) => sessionCheck.forget(which),
    mail,
    baseUrl,
    passwords: new Passwords(config.passwordHashing),
  };
  const sessions = new SessionService(deps);
  const confirmation = new EmailConfirmationService(deps);

  // Roles live in the database; the list makes admins of proven addresses only (DESIGN.md Auth).
  const admins = await confirmation.syncAdminRoles();
  if (admins.listed > 0) {
    log.info(
      { adminEmails: admins.listed, confirmedAccounts: admins.confirmed },
      `ADMIN_EMAILS lists ${admins.listed} address(es); ${admins.confirmed} of them have a confirmed account (an address becomes admin once its owner confirms it)`,
    );
  }
  if (!config.publicUrl && config.env === 'production') {
    // A person at a terminal (LOG_FORMAT=pretty, or a TTY) trying Summa on their own machine,
    // where localhost links are right, gets a note; a deployment logs JSON and gets the warning.
    if (config.logFormat === 'pretty') {
      log.info(
        `Links in e-mails point to http://localhost:${config.port}; set PUBLIC_URL when others reach this server at another address`,
      );
    } else {
      log.warn(
        `PUBLIC_URL is unset: password-reset links and the Google redirect URI point to http://localhost:${config.port}; set PUBLIC_URL to the site's public address`,
      );
    }
  }

  return {
    sessionCheck,
    sessions,
    accounts: new AuthService({ ...deps, sessions }),
    security: new AccountSecurityService({ ...deps, confirmation }),
    readerAccess: new ReaderAccessService(deps),
    recovery: new RecoveryService({ ...deps, sessions }),
    confirmation,
    google: new GoogleSignInService({ ...deps, settings: config.google, sessions }),
    loginThrottle: new LoginThrottle({
      rateLimit,
      devices: new KnownDevices({ key: await loadOrCreateSecret(db, 'device') }),
    }),
    cookieSecret: await loadOrCreateSecret(db, 'cookie'),
  };
}
