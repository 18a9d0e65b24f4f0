import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmProvider, type LlmProviderSettings } from './create-llm-provider.js';
import { LlmError } from './llm-provider.js';
import { drain, requestFor } from '../../test/llm-test-kit.js';

// llama.cpp's own test model (see local/local-provider.int.test.ts), next to the checkout.
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const TINY_MODEL = path.resolve(REPO_ROOT, '../shared/models/stories260K.gguf');

/** A pino logger whose lines the test reads. */
function capturingLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe.skipIf(!existsSync(TINY_MODEL))('createLlmProvider with LLM_PROVIDER=local', () => {
  let modelsDir: string;

  beforeAll(async () => {
    modelsDir = await mkdtemp(path.join(tmpdir(), 'summa-models-'));
  });
  afterAll(async () => {
    await rm(modelsDir, { recursive: true, force: true });
  });

  const settingsFor = (model: string): LlmProviderSettings => ({
    provider: 'local',
    model,
    baseUrl: undefined,
    apiKey: undefined,
    modelsDir,
    idleTimeoutMs: 10_000,
  });

  it('runs the named GGUF model in-process', async () => {
    const { log } = capturingLog();
    const provider = await createLlmProvider(settingsFor(TINY_MODEL), log);
    try {
      expect(provider.name).toBe('local');
      const { chunks, error } = await drain(
        provider.streamJson({
          system: 'Answer as JSON.',
          prompt: 'A word.',
          jsonSchema: {
            type: 'object',
            properties: { word: { type: 'string', maxLength: 10 } },
            required: ['word'],
          },
          maxOutputTokens: 50,
          temperature: 0,
          signal: new AbortController().signal,
        }),
      );
      expect(error).toBeUndefined();
      expect(JSON.parse(chunks.join(''))).toEqual({ word: expect.any(String) as string });
      expect(provider.status()).toMatchObject({ provider: 'local', model: TINY_MODEL, state: 'ready' });
    } finally {
      await provider.close();
    }
  });

  it('reports a model it cannot set up to the log it was given', async () => {
    const { log, lines } = capturingLog();
    const missing = path.join(modelsDir, 'missing.gguf');
    const provider = await createLlmProvider(settingsFor(missing), log);
    try {
      const { error } = await drain(provider.streamJson(requestFor()));
      expect(error).toBeInstanceOf(LlmError);
      expect(provider.status()).toMatchObject({ model: missing, state: 'error', errorKind: 'missing-file' });
      expect(lines.map((line) => line.msg)).toContain(
        'Summaries are unavailable: the local model could not be set up',
      );
    } finally {
      await provider.close();
    }
  });
});
