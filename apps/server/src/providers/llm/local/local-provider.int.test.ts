import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fictionSectionsSchema, nonFictionSectionsSchema } from '@summa/shared';
import {
  LlmError,
  type LlmProvider,
  type LlmRequest,
  type LlmSettings,
  type LlmStatus,
} from '../llm-provider.js';
import { createLocalProvider, type LocalProviderLog } from './local-provider.js';
import { drain } from '../../../test/llm-test-kit.js';
import { closeServer, listenLocally } from '../../../test/fake-server-kit.js';

// llama.cpp's own test model (260K parameters, trained on TinyStories): its text is nonsense, but
// it loads in milliseconds, and the grammar alone must make its answers schema-valid. It lives
// next to the checkout and is never copied into it.
const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
const TINY_MODEL = path.resolve(REPO_ROOT, '../shared/models/stories260K.gguf');

const identifySchema = z.object({
  known: z.boolean(),
  kind: z.enum(['nonfiction', 'fiction']),
  originalTitle: z.string().max(300),
  author: z.string().max(200),
  year: z.number().int().nullable(),
});

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema) as Record<string, unknown>;

interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg: string | undefined;
}

function createLog(): LocalProviderLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
}

function settingsFor(overrides: Partial<LlmSettings> = {}): LlmSettings {
  return {
    provider: 'local',
    model: TINY_MODEL,
    baseUrl: undefined,
    apiKey: undefined,
    modelsDir: UNUSED_MODELS_DIR,
    idleTimeoutMs: 10_000,
    ...overrides,
  };
}

const UNUSED_MODELS_DIR = path.join(tmpdir(), 'summa-test-models-unused');

/** What every status of a local provider on `model` carries. */
const statusOf = (model: string, modelsDir = UNUSED_MODELS_DIR) => ({ provider: 'local', model, modelsDir });

function requestFor(overrides: Partial<LlmRequest> = {}): LlmRequest {
  return {
    system: 'You write book summaries as JSON.',
    prompt: 'Summarise "Atomic Habits" by James Clear.',
    jsonSchema: jsonSchemaOf(nonFictionSectionsSchema),
    // Temperature 0 keeps the tiny model's answer short and the test steady; about 1,000 tokens.
    temperature: 0,
    maxOutputTokens: 2500,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** Every string in a parsed JSON value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

describe.skipIf(!existsSync(TINY_MODEL))('local provider on stories260K', () => {
  // One thread: the tiny model's work per token is so small that more threads only wait on each other.
  const log = createLog();
  let provider: LlmProvider;

  beforeAll(() => {
    provider = createLocalProvider(settingsFor(), log, { threads: 1 });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('streams a non-fiction summary that passes the zod schema', async () => {
    expect(provider.status()).toEqual({ ...statusOf(TINY_MODEL), state: 'idle' });
    const startedAt = performance.now();
    const { chunks, error } = await drain(provider.streamJson(requestFor()));
    const elapsedMs = performance.now() - startedAt;

    expect(error).toBeUndefined();
    expect(chunks.length).toBeGreaterThan(10);
    const json: unknown = JSON.parse(chunks.join(''));
    const parsed = nonFictionSectionsSchema.safeParse(json);
    expect(parsed.error).toBeUndefined();
    // The grammar starts every required string with a non-space character.
    for (const text of stringsIn(json)) expect(text).toMatch(/^\S/);
    expect(provider.status()).toEqual({ ...statusOf(TINY_MODEL), state: 'ready' });

    const ready = log.lines.find((line) => line.msg === 'local model ready');
    const answered = log.lines.find((line) => line.msg === 'local model answered');
    expect(answered?.obj).toMatchObject({ stopReason: 'stopGenerationTrigger' });
    console.log('stories260K non-fiction summary', {
      ...ready?.obj,
      ...answered?.obj,
      wholeCallMs: Math.round(elapsedMs),
      chars: chunks.join('').length,
    });
  });

  it('answers the fiction and the identify schemas', async () => {
    const fiction = await drain(
      provider.streamJson(requestFor({ jsonSchema: jsonSchemaOf(fictionSectionsSchema) })),
    );
    expect(fiction.error).toBeUndefined();
    expect(fictionSectionsSchema.safeParse(JSON.parse(fiction.chunks.join(''))).error).toBeUndefined();

    const identify = await drain(
      provider.streamJson(requestFor({ jsonSchema: jsonSchemaOf(identifySchema), maxOutputTokens: 400 })),
    );
    expect(identify.error).toBeUndefined();
    expect(identifySchema.safeParse(JSON.parse(identify.chunks.join(''))).error).toBeUndefined();
  });

  it('writes no blank or space-led strings where the schema needs text, even at a high temperature', async () => {
    // Without the tightened grammar, about two thirds of these lines start with a space or are blank.
    const linesSchema = z.object({ lines: z.array(z.string().trim().min(1).max(30)).length(20) });
    const { chunks, error } = await drain(
      provider.streamJson(
        requestFor({ jsonSchema: jsonSchemaOf(linesSchema), temperature: 1.2, maxOutputTokens: 1000 }),
      ),
    );
    expect(error).toBeUndefined();
    const json = JSON.parse(chunks.join('')) as { lines: string[] };
    expect(linesSchema.safeParse(json).error).toBeUndefined();
    for (const line of json.lines) expect(line).toMatch(/^\S/);
  });

  it('serves two requests at once, one after the other', async () => {
    const timeline: string[] = [];
    const run = async (name: string, temperature: number) => {
      const chunks: string[] = [];
      const stream = provider.streamJson(
        requestFor({ jsonSchema: jsonSchemaOf(identifySchema), maxOutputTokens: 400, temperature }),
      );
      for await (const chunk of stream) {
        if (chunks.length === 0) timeline.push(`${name} starts`);
        chunks.push(chunk);
      }
      timeline.push(`${name} ends`);
      return chunks.join('');
    };
    const answers = await Promise.all([run('first', 0), run('second', 0.7)]);
    expect(timeline).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
    for (const answer of answers) expect(identifySchema.safeParse(JSON.parse(answer)).error).toBeUndefined();
  });

  it('stops promptly with LlmError("aborted") when the request aborts mid-stream', async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    let abortedAt = 0;
    let error: unknown;
    try {
      for await (const chunk of provider.streamJson(requestFor({ signal: controller.signal }))) {
        chunks.push(chunk);
        if (chunks.length === 5) {
          abortedAt = performance.now();
          controller.abort();
        }
      }
    } catch (caught) {
      error = caught;
    }
    const stoppedAfterMs = performance.now() - abortedAt;

    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).failure).toBe('aborted');
    expect(chunks.length).toBeLessThan(8);
    expect(stoppedAfterMs).toBeLessThan(1_000);

    // The turn was handed back: the next request runs.
    const next = await drain(
      provider.streamJson(requestFor({ jsonSchema: jsonSchemaOf(identifySchema), maxOutputTokens: 400 })),
    );
    expect(next.error).toBeUndefined();
  });

  it('hands the turn back when the reader stops early', async () => {
    for await (const _chunk of provider.streamJson(requestFor())) break;
    const next = await drain(
      provider.streamJson(requestFor({ jsonSchema: jsonSchemaOf(identifySchema), maxOutputTokens: 400 })),
    );
    expect(next.error).toBeUndefined();
  });

  it('fails with LlmError("aborted") at once for a request aborted before it starts', async () => {
    const { error } = await drain(provider.streamJson(requestFor({ signal: AbortSignal.abort() })));
    expect(error).toMatchObject({ name: 'LlmError', failure: 'aborted' });
  });

  it('refuses a schema it cannot turn into a grammar with LlmError("unavailable")', async () => {
    const { error } = await drain(
      provider.streamJson(requestFor({ jsonSchema: jsonSchemaOf(z.object({ email: z.email() })) })),
    );
    expect(error).toMatchObject({ name: 'LlmError', failure: 'unavailable' });
    expect((error as Error).message).toMatch(/format "email"/);
    expect(provider.status().state).toBe('ready');
  });
});

describe.skipIf(!existsSync(TINY_MODEL))('local provider without its model', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'summa-local-llm-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('fails with the set-up error and its kind, logs the cause once, and tries again after the wait', async () => {
    const modelPath = path.join(dir, 'missing.gguf');
    const log = createLog();
    const provider = createLocalProvider(settingsFor({ model: modelPath, modelsDir: dir }), log, {
      threads: 1,
      retryAfterMs: 0,
    });
    try {
      const [first, concurrent] = await Promise.all([
        drain(provider.streamJson(requestFor())),
        drain(provider.streamJson(requestFor())),
      ]);
      for (const { error } of [first, concurrent]) {
        expect(error).toBeInstanceOf(LlmError);
        expect(error).toMatchObject({ failure: 'setup', kind: 'missing-file' });
      }
      expect((first.error as Error).message).toContain('missing.gguf');
      const status = provider.status();
      expect(status).toMatchObject({
        ...statusOf(modelPath, dir),
        state: 'error',
        errorKind: 'missing-file',
      });
      expect(status.error).toContain('missing.gguf');
      // Another attempt with the same cause (and a wait for the model) says nothing new in the log.
      const third = await drain(provider.streamJson(requestFor()));
      expect(third.error).toMatchObject({ failure: 'setup' });
      await expect(provider.whenReady?.(new AbortController().signal, () => undefined)).rejects.toMatchObject(
        {
          failure: 'setup',
        },
      );
      const reports = log.lines.filter((line) => line.msg?.startsWith('Summaries are unavailable'));
      expect(reports).toHaveLength(1);
      expect(reports[0]?.level).toBe('error');
      const report = reports[0]?.obj as { cause: string; whatToDo: string };
      expect(report.cause).toContain('missing.gguf');
      expect(report.whatToDo).toContain('LLM_MODEL');

      // The file appears (a link to the tiny model, outside the project): the next call loads it.
      await symlink(TINY_MODEL, modelPath);
      const again = await drain(
        provider.streamJson(requestFor({ jsonSchema: jsonSchemaOf(identifySchema), maxOutputTokens: 400 })),
      );
      expect(again.error).toBeUndefined();
      expect(provider.status()).toEqual({ ...statusOf(modelPath, dir), state: 'ready' });
    } finally {
      await provider.close();
    }
    expect(provider.status().state).toBe('idle');
    const { error } = await drain(provider.streamJson(requestFor()));
    expect(error).toMatchObject({ failure: 'unavailable' });
  });

  it('answers with the same failure at once until the wait is over', async () => {
    const modelPath = path.join(dir, 'later.gguf');
    const provider = createLocalProvider(settingsFor({ model: modelPath, modelsDir: dir }), createLog(), {
      threads: 1,
      retryAfterMs: 3_600_000,
    });
    try {
      const first = await drain(provider.streamJson(requestFor()));
      expect(first.error).toMatchObject({ failure: 'setup' });
      await symlink(TINY_MODEL, modelPath);
      const second = await drain(provider.streamJson(requestFor()));
      expect(second.error).toBe(first.error);
      expect(provider.status().state).toBe('error');
    } finally {
      await provider.close();
    }
  });
});

describe.skipIf(!existsSync(TINY_MODEL))('local provider downloading its model', () => {
  let dir: string;
  let server: Server;
  let baseUrl: string;
  let missing = true;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'summa-local-llm-'));
    const model = await readFile(TINY_MODEL);
    // Serves the tiny model slowly (64 KiB every 5 ms) so the download can be watched; 404 while `missing`.
    server = createServer((req, res) => {
      if (missing) {
        res.writeHead(404).end();
        return;
      }
      const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
      const start = range ? Number(range[1]) : 0;
      const end = range?.[2] ? Number(range[2]) : model.length - 1;
      const body = model.subarray(start, end + 1);
      res.writeHead(range ? 206 : 200, {
        'content-type': 'application/octet-stream',
        'accept-ranges': 'bytes',
        'content-length': body.length,
        ...(range ? { 'content-range': `bytes ${start}-${end}/${model.length}` } : {}),
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      let offset = 0;
      const pump = () => {
        if (offset >= body.length) {
          res.end();
          return;
        }
        res.write(body.subarray(offset, offset + 65_536));
        offset += 65_536;
        setTimeout(pump, 5);
      };
      pump();
    });
    baseUrl = await listenLocally(server);
  });
  afterAll(async () => {
    await closeServer(server);
    await rm(dir, { recursive: true, force: true });
  });

  it('preloads in the background, downloads into modelsDir with progress, after a failed first attempt', async () => {
    const model = `${baseUrl}/models/stories260K.gguf`;
    const size = (await readFile(TINY_MODEL)).length;
    const log = createLog();
    const provider = createLocalProvider(settingsFor({ model, modelsDir: dir }), log, {
      threads: 1,
      retryAfterMs: 0,
    });
    const request = () => requestFor({ jsonSchema: jsonSchemaOf(identifySchema), maxOutputTokens: 400 });
    try {
      // No request yet: the preload alone tries, and a waiting generation shares its attempt.
      provider.preload?.();
      await expect(provider.whenReady?.(new AbortController().signal, () => undefined)).rejects.toMatchObject(
        {
          failure: 'setup',
          kind: 'download',
        },
      );
      expect(provider.status()).toMatchObject({ state: 'error', errorKind: 'download' });
      expect(provider.status().error).toContain('404');
      const failed = await drain(provider.streamJson(request()));
      expect(failed.error).toMatchObject({ name: 'ModelSetupError', failure: 'setup' });

      missing = false;
      const seen: LlmStatus[] = [];
      await provider.whenReady?.(new AbortController().signal, (status) => seen.push(status));
      expect(provider.status()).toEqual({ ...statusOf(model, dir), state: 'ready' });
      const downloading = seen.filter((status) => status.state === 'downloading');
      expect(downloading.length).toBeGreaterThan(1);
      for (const status of downloading) {
        expect(status.totalBytes).toBe(size);
        expect(status.downloadProgress).toBe((status.downloadedBytes ?? 0) / size);
      }
      const bytes = downloading.map((status) => status.downloadedBytes ?? 0);
      expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
      expect(bytes.at(-1)).toBe(size);
      expect(seen.at(-1)?.state).toBe('ready');
      expect(seen.map((status) => status.state)).toContain('loading');

      const again = await drain(provider.streamJson(request()));
      expect(again.error).toBeUndefined();
      expect(identifySchema.safeParse(JSON.parse(again.chunks.join(''))).error).toBeUndefined();
      expect(await readdir(dir)).toEqual(['stories260K.gguf']);
      const percents = log.lines
        .filter((line) => line.msg?.startsWith('downloading the local model'))
        .map((line) => (line.obj as { percent: number }).percent);
      expect(percents.at(-1)).toBe(100);
      expect(percents.length).toBeLessThanOrEqual(11);
    } finally {
      await provider.close();
    }
  });
});
