import { describe, expect, it } from 'vitest';
import { describeModelState } from './model-state-text.js';

const local = { provider: 'local', model: 'hf:x/y:Q4', modelsDir: '/data/models' } as const;

describe('the model state at start-up', () => {
  it('says ready, downloading with its share and size, or unavailable with the cause', () => {
    expect(describeModelState({ ...local, state: 'ready' })).toBe('local hf:x/y:Q4: ready');
    expect(
      describeModelState({
        ...local,
        state: 'downloading',
        downloadProgress: 0.126,
        downloadedBytes: 140_000_000,
        totalBytes: 1_117_000_000,
      }),
    ).toBe('local hf:x/y:Q4: downloading 12% of 1117 MB (/data/models)');
    expect(describeModelState({ ...local, state: 'error', error: 'could not find or download (404)' })).toBe(
      'local hf:x/y:Q4: unavailable: could not find or download (404)',
    );
  });

  it('says a local model is loading in the background, where its files go', () => {
    expect(describeModelState({ ...local, state: 'idle' })).toBe(
      'local hf:x/y:Q4: loading in the background, downloaded first if missing (/data/models)',
    );
    expect(describeModelState({ provider: 'openai', model: 'gpt-4o-mini', state: 'ready' })).toBe(
      'openai gpt-4o-mini: ready',
    );
  });
});
