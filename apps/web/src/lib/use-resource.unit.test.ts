import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useResource } from './use-resource';

/** A load the test settles by hand, with the signal it was given. */
interface PendingLoad {
  key: string;
  signal: AbortSignal;
  resolve(data: string): void;
  reject(error: unknown): void;
}

function harness() {
  const loads: PendingLoad[] = [];
  const hook = renderHook(
    ({ key }: { key: string }) =>
      useResource(
        key,
        (signal) => new Promise<string>((resolve, reject) => loads.push({ key, signal, resolve, reject })),
      ),
    { initialProps: { key: 'a' } },
  );
  return { loads, hook };
}

describe('useResource', () => {
  it('loads the key, then shows its data', async () => {
    const { loads, hook } = harness();
    expect(hook.result.current).toMatchObject({ status: 'loading', data: undefined });
    await act(async () => loads[0]?.resolve('A'));
    expect(hook.result.current).toMatchObject({ status: 'ready', data: 'A' });
  });

  it('aborts the load of an older key, keeps the last data meanwhile and never lets a late answer win', async () => {
    const { loads, hook } = harness();
    await act(async () => loads[0]?.resolve('A'));
    hook.rerender({ key: 'b' });
    hook.rerender({ key: 'c' });
    expect(loads.map((load) => [load.key, load.signal.aborted])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
    expect(hook.result.current).toMatchObject({ status: 'loading', data: 'A' });
    await act(async () => loads[2]?.resolve('C'));
    await act(async () => loads[1]?.resolve('B'));
    expect(hook.result.current).toMatchObject({ status: 'ready', data: 'C' });
  });

  it('reports a failure with the last data, and loads again on retry', async () => {
    const { loads, hook } = harness();
    await act(async () => loads[0]?.resolve('A'));
    hook.rerender({ key: 'b' });
    const failure = new Error('offline');
    await act(async () => loads[1]?.reject(failure));
    expect(hook.result.current).toMatchObject({ status: 'error', data: 'A', error: failure });
    act(() => hook.result.current.retry());
    expect(loads.map((load) => load.key)).toEqual(['a', 'b', 'b']);
    expect(hook.result.current.status).toBe('loading');
    await act(async () => loads[2]?.resolve('B'));
    expect(hook.result.current).toMatchObject({ status: 'ready', data: 'B' });
  });
});
