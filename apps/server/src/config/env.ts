import path from 'node:path';
import { z } from 'zod';
import type { DatabaseTimeouts } from '../db/database.js';
import { OWASP_PASSWORD_HASHING, type PasswordHashing } from './password-hashing.js';
import { LLM_PROVIDERS, type LlmSettings } from '../providers/llm/llm-provider.js';
import type { PaymentsSettings } from '../providers/payments/payments-provider.js';
import { STORAGE_DRIVERS, type StorageSettings } from '../providers/storage/object-storage.js';
import { TTS_PROVIDERS, type TtsSettings } from '../providers/tts/tts-provider.js';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 (any free port) and 65535')
  .max(65535, 'must be between 0 (any free port) and 65535');

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be a postgres:// or postgresql:// URL with a host');

const urlWithProtocols = (protocols: string[], message: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && url.hostname !== '';
      } catch {
        return false;
      }
    }, message);

const stripePriceId = z
  .string()
  .trim()
  .regex(/^[\w-]{1,200}$/, 'must be a Stripe price id (price_…)');

/** Unset and empty both mean "use the default", as in most process managers. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** How much a worker's process yields the CPU to web instances on the same machine (ADR 0038). */
export const DEFAULT_WORKER_NICE = 10;

export const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('production'),
  HOST: optional(z.string().min(1)).default('0.0.0.0'),
  PORT: optional(port).default(3000),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  LOG_FORMAT: optional(z.enum(['pretty', 'json'])),
  DATA_DIR: optional(z.string().min(1)).default('./data'),
  DATABASE_URL: optional(postgresUrl),
  SUMMA_ROLE: optional(z.enum(['all', 'web', 'worker'], { error: 'must be all, web or worker' })).default(
    'all',
  ),
  WORKER_NICE: optional(z.coerce.number().int().min(0).max(19)).default(DEFAULT_WORKER_NICE),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  DATABASE_CONNECT_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)).default(3_000),
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(200)),
  DATABASE_STATEMENT_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000)).default(5_000),
  WEB_DIST_DIR: optional(z.string().min(1)),
  TRUST_PROXY: optional(
    z
      .string()
      .transform((v) => (v === 'true' ? true : v === 'false' ? false : v.split(',').map((a) => a.trim()))),
  ).default(false),
  METRICS_TOKEN: optional(
    z
      .string()
      .trim()
      .regex(
        /^[\x21-\x7e]{16,}$/,
        'must be at least 16 visible ASCII characters (it is sent as a bearer token)',
      ),
  ),
  REQUEST_TIMEOUT_MS: optional(z.coerce.number().int().min(1_000).max(600_000)).default(30_000),
  SHUTDOWN_TIMEOUT_MS: optional(z.coerce.number().int().min(0)).default(10_000),
  RANKING_REFRESH_MS: optional(z.coerce.number().int().min(0).max(60_000)).default(1_000),
  OPEN_LIBRARY_SEARCH: optional(z.enum(['on', 'off'], { error: 'must be on or off' })).default('off'),
  OPEN_LIBRARY_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })).default(
    'https://openlibrary.org',
  ),
  COVERS_FETCH: optional(z.enum(['on', 'off'], { error: 'must be on or off' })).default('on'),
  COVERS_SOURCE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })).default(
    'https://covers.openlibrary.org',
  ),
  CATALOG_REFRESH_SECONDS: optional(z.coerce.number().int().min(0).max(3_600)).default(30),
  JWT_SECRET: optional(z.string().min(32, 'must have at least 32 characters')),
  // argon2 accepts 8 KiB per lane and 1 pass at the least; below OWASP's minimum only with NODE_ENV=test.
  PASSWORD_HASH_MEMORY_KIB: optional(z.coerce.number().int().min(8).max(4_194_304)).default(
    OWASP_PASSWORD_HASHING.memoryKib,
  ),
  PASSWORD_HASH_PASSES: optional(z.coerce.number().int().min(1).max(100)).default(
    OWASP_PASSWORD_HASHING.passes,
  ),
  ADMIN_EMAILS: optional(z.string()).default(''),
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL with a host')),
  MAIL_FROM: optional(z.string().min(3)).default('Summa <no-reply@summa.local>'),
  VAPID_PUBLIC_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a URL-safe base64 P-256 public key'),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a URL-safe base64 P-256 private key'),
  ),
  VAPID_SUBJECT: optional(
    z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// URL'),
  ),
  CONTACT_TO: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((address) => address.trim())
          .filter((address) => address !== ''),
      )
      .pipe(
        z
          .array(z.email({ error: 'must be an e-mail address, or several separated by commas' }))
          .min(1, 'must be an e-mail address, or several separated by commas'),
      ),
  ),
  GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
  GOOGLE_ISSUER: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })).default(
    'https://accounts.google.com',
  ),
  LLM_PROVIDER: optional(
    z.enum(LLM_PROVIDERS, { error: `must be one of ${LLM_PROVIDERS.join(', ')}` }),
  ).default('local'),
  LLM_MODEL: optional(z.string().trim().min(1)),
  LLM_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  LLM_API_KEY: optional(z.string().min(1)),
  LLM_MODELS_DIR: optional(z.string().min(1)),
  LLM_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000)).default(60_000),
  TTS_PROVIDER: optional(
    z.enum(TTS_PROVIDERS, { error: `must be one of ${TTS_PROVIDERS.join(', ')}` }),
  ).default('local'),
  TTS_MODEL: optional(z.string().trim().min(1)),
  TTS_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  TTS_API_KEY: optional(z.string().min(1)),
  TTS_VOICE_PT: optional(z.string().trim().min(1)),
  TTS_VOICE_EN: optional(z.string().trim().min(1)),
  TTS_VOICE_ES: optional(z.string().trim().min(1)),
  TTS_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000)).default(60_000),
  REDIS_URL: optional(
    urlWithProtocols(['redis:', 'rediss:'], 'must be a redis:// or rediss:// URL with a host'),
  ),
  REDIS_KEY_PREFIX: optional(z.string().min(1).max(100)).default('summa:'),
  GENERATION_LIMIT_PER_USER_PER_HOUR: optional(z.coerce.number().int().min(0)).default(20),
  GENERATION_LIMIT_GLOBAL_PER_MINUTE: optional(z.coerce.number().int().min(0)).default(60),
  AUDIO_LIMIT_PER_USER_PER_HOUR: optional(z.coerce.number().int().min(0)).default(20),
  AUDIO_LIMIT_GLOBAL_PER_MINUTE: optional(z.coerce.number().int().min(0)).default(60),
  CATALOG_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(0)).default(300),
  STORAGE_DRIVER: optional(
    z.enum(STORAGE_DRIVERS, { error: `must be one of ${STORAGE_DRIVERS.join(', ')}` }),
  ).default('local'),
  STORAGE_DIR: optional(z.string().min(1)),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  S3_BUCKET: optional(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3-63 lowercase letters, digits, . and -)',
      ),
  ),
  S3_REGION: optional(z.string().trim().min(1)).default('us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'], { error: 'must be true or false' })).default(
    'false',
  ),
  STRIPE_SECRET_KEY: optional(z.string().trim().min(1)),
  STRIPE_WEBHOOK_SECRET: optional(z.string().trim().min(1)),
  STRIPE_PRICE_BRL_MONTHLY: optional(stripePriceId),
  STRIPE_PRICE_BRL_YEARLY: optional(stripePriceId),
  STRIPE_PRICE_USD_MONTHLY: optional(stripePriceId),
  STRIPE_PRICE_USD_YEARLY: optional(stripePriceId),
  STRIPE_API_BASE: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  AMAZON_ASSOCIATE_TAG: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, 'must be an Amazon Associates tracking id (like summa-20)'),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface FairUseLimits {
  generationPerUserPerHour: number;
  generationGlobalPerMinute: number;
  audioPerUserPerHour: number;
  audioGlobalPerMinute: number;
  catalogPerIpPerMinute: number;
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  /** Undefined: readable at a terminal, JSON otherwise (see http/pretty-log.ts). */
  logFormat: Env['LOG_FORMAT'];
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * What this process does (ADR 0031): `web` answers requests and queues the model and speech
   * work, `worker` runs that work and the cluster's schedules, `all` (the default, and the only
   * role on the embedded database) both.
   */
  role: ServerRole;
  /**
   * The scheduling priority (nice, 0 to 19) a `worker` takes at start, so that on a machine it
   * shares with web instances the model and speech work runs on what readers leave (ADR 0038).
   */
  workerNice: number;
  /** Bounded waits for PostgreSQL connections and statements. */
  databaseTimeouts: DatabaseTimeouts;
  /** The PostgreSQL pool's connections; undefined: db/database.ts's DEFAULT_POOL_SIZE (ADR 0046). */
  databasePoolSize: number | undefined;
  publicUrl: string | undefined;
  /** Folder of the built web app; undefined when the server runs API-only. */
  webDistDir: string | undefined;
  shutdownTimeoutMs: number;
  /** How old the rankings' top entries and counts may be on an instance (0: read on every request). */
  rankingRefreshMs: number;
  /** The bearer token /metrics asks for; undefined: /metrics answers 404. */
  metricsToken: string | undefined;
  /** How long a client may take to send a whole request (headers and body); answers are not bound by it. */
  requestTimeoutMs: number;
  /** Whether, or for which proxy addresses, to believe X-Forwarded-For for client IPs. */
  trustProxy: boolean | string[];
  /** Open Library fills short search-box suggestion lists when set (OPEN_LIBRARY_SEARCH=on). */
  openLibrary: { baseUrl: string; timeoutMs: number } | undefined;
  /**
   * Where the catalogue's covers are fetched from by ISBN (Open Library's covers API), once, in the
   * background, to be served from this app; undefined (COVERS_FETCH=off): none are fetched.
   */
  covers: { sourceUrl: string } | undefined;
  /** How often an instance checks whether the catalogue changed (its search index); 0: every search. */
  catalogRefreshSeconds: number;
  /** Signs access tokens; when unset, one is generated once and kept in the database. */
  jwtSecret: string | undefined;
  /** argon2id's cost for new password hashes (existing hashes carry their own). */
  passwordHashing: PasswordHashing;
  /** Lowercased e-mails whose proven accounts are made admins at start and at sign-up (roles live in the database). */
  adminEmails: string[];
  /** Mail goes through SMTP when set, else to the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Web Push's VAPID key pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, together), else one generated
   * at first start and kept in the database; and the contact push services see (VAPID_SUBJECT).
   */
  vapid: { keys: { publicKey: string; privateKey: string } | undefined; subject: string | undefined };
  /** Where contact messages are mailed (CONTACT_TO); empty: they are only stored. */
  contactTo: string[];
  /** Google sign-in is offered only when the client id and secret are both set. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** The Amazon Associates tracking id of the summary page's store links; undefined: no store links. */
  amazonAssociateTag: string | undefined;
  /** Rate-limit counters live in Redis when set, else in a PostgreSQL table. */
  redisUrl: string | undefined;
  /** Starts every key this app writes to Redis (several deployments may share one Redis). */
  redisKeyPrefix: string;
  /**
   * Fair-use limits (0: none): model generations and narrations per reader and for all, catalogue
   * calls per IP.
   */
  limits: FairUseLimits;
  /** The summary model; `model` is undefined when the provider's default applies. */
  llm: Omit<LlmSettings, 'model'> & { model: string | undefined };
  /** Where generated files (audio, avatars) are kept. */
  storage: StorageSettings;
  /** Who reads audio narrations aloud; unset model and voices mean the provider's defaults. */
  tts: TtsSettings;
  /** Stripe Checkout, Billing Portal and webhooks; undefined (payments off) without STRIPE_SECRET_KEY. */
  payments: PaymentsSettings | undefined;
}

export type ServerRole = 'all' | 'web' | 'worker';

export class EnvError extends Error {
  constructor(readonly issues: readonly { variable: string; message: string }[]) {
    super(
      `Invalid environment:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`,
    );
    this.name = 'EnvError';
  }
}

/** Values of variables that may carry credentials are never echoed back. */
const SECRET_NAME = /URL|SECRET|KEY|PASSWORD|TOKEN/;

function describeIssue(message: string, variable: string, source: Record<string, string | undefined>) {
  const value = source[variable];
  if (value === undefined || SECRET_NAME.test(variable)) return message;
  return `${message} (got ${JSON.stringify(value)})`;
}

export function loadConfig(
  source: Record<string, string | undefined>,
  defaults: { webDistDir?: string } = {},
): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => ({
        variable: issue.path.map(String).join('.'),
        message: describeIssue(issue.message, String(issue.path[0]), source),
      })),
    );
  }
  const env = parsed.data;
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new EnvError([
      { variable: missing, message: 'must be set together with the other GOOGLE_CLIENT_ variable' },
    ]);
  }
  if (env.SUMMA_ROLE !== 'all' && !env.DATABASE_URL) {
    throw new EnvError([
      {
        variable: 'SUMMA_ROLE',
        message: `${env.SUMMA_ROLE} needs DATABASE_URL: the embedded database lives in one process, which must be SUMMA_ROLE=all (the default)`,
      },
    ]);
  }
  const storage = storageSettings(env);
  const passwordHashing = passwordHashingSettings(env);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    role: env.SUMMA_ROLE,
    workerNice: env.WORKER_NICE,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaults.webDistDir,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    rankingRefreshMs: env.RANKING_REFRESH_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    metricsToken: env.METRICS_TOKEN,
    trustProxy: env.TRUST_PROXY,
    openLibrary:
      env.OPEN_LIBRARY_SEARCH === 'on'
        ? { baseUrl: env.OPEN_LIBRARY_URL.replace(/\/+$/, ''), timeoutMs: 1_500 }
        : undefined,
    covers: env.COVERS_FETCH === 'on' ? { sourceUrl: env.COVERS_SOURCE_URL.replace(/\/+$/, '') } : undefined,
    catalogRefreshSeconds: env.CATALOG_REFRESH_SECONDS,
    jwtSecret: env.JWT_SECRET,
    passwordHashing,
    adminEmails: env.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    vapid: vapidSettings(env),
    contactTo: env.CONTACT_TO ?? [],
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER.replace(/\/+$/, ''),
          }
        : undefined,
    amazonAssociateTag: env.AMAZON_ASSOCIATE_TAG,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    limits: {
      generationPerUserPerHour: env.GENERATION_LIMIT_PER_USER_PER_HOUR,
      generationGlobalPerMinute: env.GENERATION_LIMIT_GLOBAL_PER_MINUTE,
      audioPerUserPerHour: env.AUDIO_LIMIT_PER_USER_PER_HOUR,
      audioGlobalPerMinute: env.AUDIO_LIMIT_GLOBAL_PER_MINUTE,
      catalogPerIpPerMinute: env.CATALOG_RATE_LIMIT_PER_MINUTE,
    },
    llm: {
      provider: env.LLM_PROVIDER,
      model: env.LLM_MODEL,
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      modelsDir: path.resolve(env.LLM_MODELS_DIR ?? path.join(env.DATA_DIR, 'models')),
      idleTimeoutMs: env.LLM_TIMEOUT_MS,
    },
    tts: {
      provider: env.TTS_PROVIDER,
      model: env.TTS_MODEL,
      baseUrl: env.TTS_BASE_URL,
      apiKey: env.TTS_API_KEY,
      voices: { pt: env.TTS_VOICE_PT, en: env.TTS_VOICE_EN, es: env.TTS_VOICE_ES },
      timeoutMs: env.TTS_TIMEOUT_MS,
    },
    storage,
    payments: paymentsSettings(env),
  };
}

/**
 * The argon2id cost of new password hashes. Below OWASP's minimum (the default) only with
 * NODE_ENV=test, where sign-up-heavy tests would otherwise spend their time hashing.
 */
function passwordHashingSettings(env: Env): PasswordHashing {
  const cost = { memoryKib: env.PASSWORD_HASH_MEMORY_KIB, passes: env.PASSWORD_HASH_PASSES };
  if (env.NODE_ENV !== 'test') {
    const issues = [
      ...(cost.memoryKib < OWASP_PASSWORD_HASHING.memoryKib
        ? [
            {
              variable: 'PASSWORD_HASH_MEMORY_KIB',
              message: `must be at least ${OWASP_PASSWORD_HASHING.memoryKib} (OWASP's minimum) unless NODE_ENV=test (got ${cost.memoryKib})`,
            },
          ]
        : []),
      ...(cost.passes < OWASP_PASSWORD_HASHING.passes
        ? [
            {
              variable: 'PASSWORD_HASH_PASSES',
              message: `must be at least ${OWASP_PASSWORD_HASHING.passes} (OWASP's minimum) unless NODE_ENV=test (got ${cost.passes})`,
            },
          ]
        : []),
    ];
    if (issues.length > 0) throw new EnvError(issues);
  }
  return cost;
}

const STRIPE_REQUIRED = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BRL_MONTHLY',
  'STRIPE_PRICE_BRL_YEARLY',
  'STRIPE_PRICE_USD_MONTHLY',
  'STRIPE_PRICE_USD_YEARLY',
] as const;

/** With STRIPE_SECRET_KEY, the webhook secret and the four prices are required (a half-done set-up fails at start). */
function paymentsSettings(env: Env): PaymentsSettings | undefined {
  if (env.STRIPE_SECRET_KEY === undefined) return undefined;
  const {
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_BRL_MONTHLY: brlMonthly,
    STRIPE_PRICE_BRL_YEARLY: brlYearly,
    STRIPE_PRICE_USD_MONTHLY: usdMonthly,
    STRIPE_PRICE_USD_YEARLY: usdYearly,
  } = env;
  if (
    webhookSecret === undefined ||
    brlMonthly === undefined ||
    brlYearly === undefined ||
    usdMonthly === undefined ||
    usdYearly === undefined
  ) {
    throw new EnvError(
      STRIPE_REQUIRED.filter((name) => env[name] === undefined).map((variable) => ({
        variable,
        message: 'is required with STRIPE_SECRET_KEY',
      })),
    );
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret,
    prices: {
      BRL: { monthly: brlMonthly, yearly: brlYearly },
      USD: { monthly: usdMonthly, yearly: usdYearly },
    },
    apiBase: env.STRIPE_API_BASE,
  };
}

/** The VAPID keys go together (one without the other fails at start). */
function vapidSettings(env: Env): AppConfig['vapid'] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    const variable = publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    throw new EnvError([{ variable, message: 'is required with the other VAPID key' }]);
  }
  return {
    keys: publicKey !== undefined && privateKey !== undefined ? { publicKey, privateKey } : undefined,
    subject: env.VAPID_SUBJECT,
  };
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3 variables go together, and only with STORAGE_DRIVER=s3 (a half-done switch fails at start). */
function storageSettings(env: Env): StorageSettings {
  if (env.STORAGE_DRIVER === 'local') {
    const stray = [...S3_REQUIRED, 'S3_ENDPOINT' as const].filter((name) => env[name] !== undefined);
    if (stray.length > 0) {
      throw new EnvError(
        stray.map((variable) => ({ variable, message: 'is only used with STORAGE_DRIVER=s3' })),
      );
    }
    return { driver: 'local', dir: path.resolve(env.STORAGE_DIR ?? path.join(env.DATA_DIR, 'storage')) };
  }
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined) {
    throw new EnvError(
      S3_REQUIRED.filter((name) => env[name] === undefined).map((variable) => ({
        variable,
        message: 'is required with STORAGE_DRIVER=s3',
      })),
    );
  }
  if (env.STORAGE_DIR !== undefined) {
    throw new EnvError([{ variable: 'STORAGE_DIR', message: 'is only used with STORAGE_DRIVER=local' }]);
  }
  return {
    driver: 's3',
    s3: {
      endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
      bucket,
      region: env.S3_REGION,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    },
  };
}
