import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadConfig } from './env.js';

function errorOf(source: Record<string, string>): EnvError {
  try {
    loadConfig(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error('expected an EnvError');
}

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.trustProxy).toBe(false);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each(['abc', '-1', '70000', '3.5'])('names PORT when it is %s', (port) => {
    const error = errorOf({ PORT: port });
    expect(error.issues.map((issue) => issue.variable)).toEqual(['PORT']);
    expect(error.message).toContain('PORT');
  });

  it.each(['not a url', 'mysql://localhost/db', 'postgres://'])('names DATABASE_URL when it is %s', (url) => {
    const error = errorOf({ DATABASE_URL: url });
    expect(error.issues.map((issue) => issue.variable)).toEqual(['DATABASE_URL']);
  });

  it('never echoes a value that may hold credentials', () => {
    const error = errorOf({ DATABASE_URL: 'mysql://user:hunter2@db/x' });
    expect(error.message).not.toContain('hunter2');
  });

  it('reports every bad variable at once', () => {
    const error = errorOf({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(error.issues.map((issue) => issue.variable).sort()).toEqual(['LOG_LEVEL', 'PORT']);
  });

  it('accepts a PostgreSQL URL and a proxy list', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@localhost:5432/x',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
    });
    expect(config.databaseUrl).toBe('postgres://u@localhost:5432/x');
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('starts as web or worker only on PostgreSQL, and as all by default (ADR 0031)', () => {
    expect(loadConfig({}).role).toBe('all');
    for (const role of ['web', 'worker']) {
      const error = errorOf({ SUMMA_ROLE: role });
      expect(error.issues.map((issue) => issue.variable)).toEqual(['SUMMA_ROLE']);
      expect(error.message).toContain('needs DATABASE_URL');
      expect(loadConfig({ SUMMA_ROLE: role, DATABASE_URL: 'postgres://db.internal/summa' }).role).toBe(role);
    }
    expect(errorOf({ SUMMA_ROLE: 'both' }).message).toContain('SUMMA_ROLE');
  });

  it("takes a worker's priority (nice) from WORKER_NICE, 10 by default, 0 to 19 (ADR 0038)", () => {
    expect(loadConfig({}).workerNice).toBe(10);
    expect(loadConfig({ WORKER_NICE: '0' }).workerNice).toBe(0);
    expect(loadConfig({ WORKER_NICE: '19' }).workerNice).toBe(19);
    for (const value of ['-1', '20', '5.5', 'low']) {
      expect(errorOf({ WORKER_NICE: value }).issues.map((issue) => issue.variable)).toEqual(['WORKER_NICE']);
    }
  });

  it('fetches covers from Open Library unless told another source, or none', () => {
    expect(loadConfig({}).covers).toEqual({ sourceUrl: 'https://covers.openlibrary.org' });
    expect(loadConfig({ COVERS_SOURCE_URL: 'http://127.0.0.1:8080/' }).covers).toEqual({
      sourceUrl: 'http://127.0.0.1:8080',
    });
    expect(loadConfig({ COVERS_FETCH: 'off' }).covers).toBeUndefined();
    expect(errorOf({ COVERS_SOURCE_URL: 'ftp://covers' }).issues.map((issue) => issue.variable)).toEqual([
      'COVERS_SOURCE_URL',
    ]);
  });
});

describe('loadConfig for accounts, mail and rate limits', () => {
  it('leaves the optional parts off by default', () => {
    const config = loadConfig({});
    expect(config.jwtSecret).toBeUndefined();
    expect(config.adminEmails).toEqual([]);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('reads the fair-use limits of generations and narrations, 0 meaning none', () => {
    expect(loadConfig({}).limits).toEqual({
      generationPerUserPerHour: 20,
      generationGlobalPerMinute: 60,
      audioPerUserPerHour: 20,
      audioGlobalPerMinute: 60,
      catalogPerIpPerMinute: 300,
    });
    expect(
      loadConfig({ AUDIO_LIMIT_PER_USER_PER_HOUR: '5', AUDIO_LIMIT_GLOBAL_PER_MINUTE: '0' }).limits,
    ).toMatchObject({ audioPerUserPerHour: 5, audioGlobalPerMinute: 0, generationPerUserPerHour: 20 });
    expect(loadConfig({ AUDIO_LIMIT_PER_USER_PER_HOUR: '' }).limits.audioPerUserPerHour).toBe(20);
  });

  it.each(['AUDIO_LIMIT_PER_USER_PER_HOUR', 'AUDIO_LIMIT_GLOBAL_PER_MINUTE'])(
    'names %s when it is not a whole number of at least 0',
    (variable) => {
      for (const value of ['-1', '2.5', 'many']) {
        expect(errorOf({ [variable]: value }).issues.map((issue) => issue.variable)).toEqual([variable]);
      }
    },
  );

  it('reads admin e-mails as a lowercased list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Ana@X.com, ,bob@y.org ' }).adminEmails).toEqual([
      'ana@x.com',
      'bob@y.org',
    ]);
  });

  it('reads the Amazon associate tag of the store links, none by default (issue 23)', () => {
    expect(loadConfig({}).amazonAssociateTag).toBeUndefined();
    expect(loadConfig({ AMAZON_ASSOCIATE_TAG: '' }).amazonAssociateTag).toBeUndefined();
    expect(loadConfig({ AMAZON_ASSOCIATE_TAG: ' summa-20 ' }).amazonAssociateTag).toBe('summa-20');
    expect(errorOf({ AMAZON_ASSOCIATE_TAG: 'summa 20&x=1' }).issues.map((issue) => issue.variable)).toEqual([
      'AMAZON_ASSOCIATE_TAG',
    ]);
  });

  it('turns Google on with both client variables, issuer defaulting to Google', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(errorOf({ GOOGLE_CLIENT_ID: 'id' }).issues.map((issue) => issue.variable)).toEqual([
      'GOOGLE_CLIENT_SECRET',
    ]);
  });

  it.each([
    ['JWT_SECRET', 'too-short'],
    ['SMTP_URL', 'http://mail.example'],
    ['REDIS_URL', 'localhost:6379'],
    ['GOOGLE_ISSUER', 'not a url'],
  ])('names %s when it is invalid, without echoing it', (variable, value) => {
    const error = errorOf({ [variable]: value });
    expect(error.issues.map((issue) => issue.variable)).toEqual([variable]);
    if (variable !== 'GOOGLE_ISSUER') expect(error.message).not.toContain(value);
  });

  describe('storage', () => {
    const s3 = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'summa-audio',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
    };

    it('keeps files under DATA_DIR/storage unless STORAGE_DIR says otherwise', () => {
      expect(loadConfig({ DATA_DIR: '/srv/summa' }).storage).toEqual({
        driver: 'local',
        dir: path.resolve('/srv/summa/storage'),
      });
      expect(loadConfig({ STORAGE_DIR: 'files' }).storage).toEqual({
        driver: 'local',
        dir: path.resolve('files'),
      });
    });

    it('reads the S3 settings, with the region and path style defaulted', () => {
      expect(loadConfig(s3).storage).toEqual({
        driver: 's3',
        s3: {
          endpoint: undefined,
          bucket: 'summa-audio',
          region: 'us-east-1',
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG',
          forcePathStyle: false,
        },
      });
      const minio = loadConfig({
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-west-3',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage;
      expect(minio).toMatchObject({
        s3: { endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', forcePathStyle: true },
      });
    });

    it('requires the bucket and both keys together with STORAGE_DRIVER=s3, without echoing secrets', () => {
      const error = errorOf({ STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' });
      expect(error.issues.map((issue) => issue.variable)).toEqual(['S3_BUCKET', 'S3_SECRET_ACCESS_KEY']);
      expect(error.message).not.toContain('AKIDEXAMPLE');
    });

    it('refuses S3 variables without STORAGE_DRIVER=s3, and STORAGE_DIR with it', () => {
      const { STORAGE_DRIVER: _driver, ...withoutDriver } = s3;
      expect(errorOf(withoutDriver).issues.map((issue) => issue.variable)).toEqual([
        'S3_BUCKET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ]);
      expect(errorOf({ ...s3, STORAGE_DIR: '/srv' }).issues.map((issue) => issue.variable)).toEqual([
        'STORAGE_DIR',
      ]);
    });

    it.each([
      ['STORAGE_DRIVER', 'disk'],
      ['S3_ENDPOINT', 'minio:9000'],
      ['S3_BUCKET', 'Not_A_Bucket'],
      ['S3_FORCE_PATH_STYLE', 'yes'],
    ])('names %s when it is invalid', (variable, value) => {
      const base = variable === 'STORAGE_DRIVER' ? {} : s3;
      expect(errorOf({ ...base, [variable]: value }).issues.map((issue) => issue.variable)).toEqual([
        variable,
      ]);
    });
  });
  it('reads the speech provider, its voices per language and its time-out', () => {
    expect(loadConfig({}).tts).toEqual({
      provider: 'local',
      model: undefined,
      baseUrl: undefined,
      apiKey: undefined,
      voices: { pt: undefined, en: undefined, es: undefined },
      timeoutMs: 60_000,
    });
    const config = loadConfig({
      TTS_PROVIDER: 'openai-compatible',
      TTS_BASE_URL: 'http://kokoro:8880/v1',
      TTS_MODEL: 'kokoro',
      TTS_VOICE_PT: 'pf_dora',
      TTS_VOICE_ES: ' ef_dora ',
      TTS_TIMEOUT_MS: '90000',
    });
    expect(config.tts).toMatchObject({
      provider: 'openai-compatible',
      baseUrl: 'http://kokoro:8880/v1',
      model: 'kokoro',
      voices: { pt: 'pf_dora', en: undefined, es: 'ef_dora' },
      timeoutMs: 90_000,
    });
  });

  it.each([
    ['TTS_PROVIDER', 'espeak'],
    ['TTS_BASE_URL', 'ftp://x'],
    ['TTS_TIMEOUT_MS', '5'],
  ])('names %s when it is %s', (variable, value) => {
    expect(errorOf({ [variable]: value }).issues.map((issue) => issue.variable)).toEqual([variable]);
  });
});

describe('loadConfig for password hashing', () => {
  it("hashes at OWASP's minimum for argon2id by default", () => {
    expect(loadConfig({}).passwordHashing).toEqual({ memoryKib: 19_456, passes: 2 });
  });

  it('accepts a higher cost anywhere', () => {
    const config = loadConfig({ PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_PASSES: '3' });
    expect(config.passwordHashing).toEqual({ memoryKib: 65_536, passes: 3 });
  });

  it.each(['production', 'development'])('refuses a cost below the minimum with NODE_ENV=%s', (env) => {
    const error = errorOf({ NODE_ENV: env, PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1' });
    expect(error.issues.map((issue) => issue.variable)).toEqual([
      'PASSWORD_HASH_MEMORY_KIB',
      'PASSWORD_HASH_PASSES',
    ]);
    expect(errorOf({ PASSWORD_HASH_PASSES: '1' }).issues.map((issue) => issue.variable)).toEqual([
      'PASSWORD_HASH_PASSES',
    ]);
  });

  it("takes a lower cost with NODE_ENV=test, never below argon2's own least", () => {
    const config = loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1' });
    expect(config.passwordHashing).toEqual({ memoryKib: 8, passes: 1 });
    expect(
      errorOf({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '7', PASSWORD_HASH_PASSES: '0' }).issues.map(
        (issue) => issue.variable,
      ),
    ).toEqual(['PASSWORD_HASH_MEMORY_KIB', 'PASSWORD_HASH_PASSES']);
  });
});
