import { describe, expect, it } from 'vitest';
import type { LlmStatus } from '@summa/shared';
import { clusterModelStatus } from './worker-model-status.js';

const own: LlmStatus = { provider: 'local', model: 'm.gguf', state: 'idle' };
const view = (state: LlmStatus['state'], extra: Partial<LlmStatus> = {}): LlmStatus => ({
  ...own,
  state,
  ...extra,
});

describe('clusterModelStatus', () => {
  it("is the web instance's own view when no worker is live", () => {
    expect(clusterModelStatus([], own)).toBe(own);
  });

  it('is ready when any worker is ready, whatever the others see', () => {
    const ready = view('ready');
    expect(clusterModelStatus([view('error', { error: 'disk full' }), ready, view('downloading')], own)).toBe(
      ready,
    );
  });

  it('shows an error only when every live worker failed', () => {
    const failed = view('error', { errorKind: 'disk' });
    expect(clusterModelStatus([failed, view('loading')], own).state).toBe('loading');
    expect(clusterModelStatus([failed], own)).toBe(failed);
  });

  it('of two downloads, shows the one nearer its end', () => {
    const near = view('downloading', { downloadProgress: 0.8 });
    expect(clusterModelStatus([view('downloading', { downloadProgress: 0.3 }), near], own)).toBe(near);
  });

  it('prefers a loading model to a download, and a download to an idle worker', () => {
    expect(clusterModelStatus([view('downloading'), view('loading')], own).state).toBe('loading');
    expect(clusterModelStatus([view('idle'), view('downloading')], own).state).toBe('downloading');
  });
});
