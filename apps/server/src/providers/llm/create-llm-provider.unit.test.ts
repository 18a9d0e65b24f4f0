import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createLlmProvider, defaultModelFor, type LlmProviderSettings } from './create-llm-provider.js';
import { LlmError } from './llm-provider.js';
import { DEFAULT_LOCAL_MODEL } from './local/local-provider.js';
import { requestFor } from '../../test/llm-test-kit.js';

const log = pino({ level: 'silent' });

function settingsFor(overrides: Partial<LlmProviderSettings>): LlmProviderSettings {
  return {
    provider: 'openai',
    model: undefined,
    baseUrl: undefined,
    apiKey: undefined,
    modelsDir: '/nonexistent',
    idleTimeoutMs: 1_000,
    ...overrides,
  };
}

describe('createLlmProvider', () => {
  // The real local provider: creating it loads nothing (node-llama-cpp and the model load on the
  // first call or preload; create-llm-provider.int.test.ts runs one on the tiny real model).
  it('creates the local provider only for local, with its default model', async () => {
    const provider = await createLlmProvider(settingsFor({ provider: 'local' }), log);
    const mine = await createLlmProvider(settingsFor({ provider: 'local', model: '/models/mine.gguf' }), log);
    try {
      expect(provider.name).toBe('local');
      expect(provider.status()).toEqual({
        provider: 'local',
        model: DEFAULT_LOCAL_MODEL,
        state: 'idle',
        modelsDir: '/nonexistent',
      });
      expect(mine.name).toBe('local');
      expect(mine.status().model).toBe('/models/mine.gguf');
    } finally {
      await Promise.all([provider.close(), mine.close()]);
    }
  });

  it.each(['openai', 'anthropic', 'google'] as const)(
    'creates %s with its default model, and boots without an API key',
    async (name) => {
      const provider = await createLlmProvider(settingsFor({ provider: name }), log);

      expect(provider.name).toBe(name);
      expect(provider.status()).toMatchObject({
        provider: name,
        model: defaultModelFor(name),
        state: 'error',
      });
      expect(provider.status().error).toMatch(/API key/);
      const failure = await first(provider.streamJson(requestFor()));
      expect(failure).toBeInstanceOf(LlmError);
      expect((failure as LlmError).failure).toBe('unavailable');
      expect((failure as LlmError).message).toMatch(/No API key is configured/);
    },
  );

  it('uses the configured model and reports ready when a key is set', async () => {
    const provider = await createLlmProvider(
      settingsFor({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'secret' }),
      log,
    );
    expect(provider.status()).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5', state: 'ready' });
  });

  it('creates openai-compatible, which needs a model: calls fail with unavailable without one', async () => {
    const provider = await createLlmProvider(
      settingsFor({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1' }),
      log,
    );

    expect(provider.name).toBe('openai-compatible');
    expect(provider.status()).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/No model/) as string,
    });
    const failure = await first(provider.streamJson(requestFor()));
    expect((failure as LlmError).failure).toBe('unavailable');
  });
});

describe('defaultModelFor', () => {
  it('has a default for each hosted provider but not for openai-compatible or local', () => {
    expect(defaultModelFor('openai')).toBe('gpt-4o-mini');
    expect(defaultModelFor('anthropic')).toMatch(/^claude-/);
    expect(defaultModelFor('google')).toMatch(/^gemini-/);
    expect(defaultModelFor('openai-compatible')).toBeUndefined();
    expect(defaultModelFor('local')).toBeUndefined();
  });
});

/** The error the stream fails with (or undefined if it ends). */
async function first(stream: AsyncIterable<string>): Promise<unknown> {
  try {
    for await (const _chunk of stream) {
      // drain
    }
    return undefined;
  } catch (error) {
    return error;
  }
}
