import { describe, expect, it } from 'vitest';
import { streamsOpen, subscribeToStreams, trackStream, whenStreamsIdle } from './running-streams';

describe('running streams (what a new version of the app waits for)', () => {
  it('counts a stream while it runs, and lets the waiters go only once every stream has ended', async () => {
    let endFirst = () => {};
    let failSecond = (_error: Error) => {};
    const first = trackStream(() => new Promise<void>((resolve) => (endFirst = resolve)));
    const second = trackStream(() => new Promise<void>((_resolve, reject) => (failSecond = reject)));
    const seen: number[] = [];
    const unsubscribe = subscribeToStreams(() => seen.push(streamsOpen()));
    expect(streamsOpen()).toBe(2);

    let idle = false;
    const waiting = whenStreamsIdle().then(() => (idle = true));
    endFirst();
    await first;
    await Promise.resolve();
    expect(idle).toBe(false);

    failSecond(new Error('the connection dropped'));
    await expect(second).rejects.toThrow('the connection dropped');
    await waiting;
    expect(idle).toBe(true);
    expect(seen).toEqual([1, 0]);
    unsubscribe();
    await expect(whenStreamsIdle()).resolves.toBeUndefined();
  });
});
