import { describe, expect, it } from 'vitest';
import { LlmError } from '../llm-provider.js';
import { createTurnQueue, untilAborted } from './turn-queue.js';

const never = () => new AbortController().signal;

describe('createTurnQueue', () => {
  it('grants turns one at a time, in arrival order', async () => {
    const turns = createTurnQueue();
    const order: string[] = [];
    const first = await turns.acquire(never());
    const second = turns.acquire(never()).then((release) => {
      order.push('second');
      return release;
    });
    const third = turns.acquire(never()).then((release) => {
      order.push('third');
      return release;
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
  });

  it('releases once however often the release is called', async () => {
    const turns = createTurnQueue();
    const first = await turns.acquire(never());
    const granted: string[] = [];
    const second = turns.acquire(never()).then((release) => {
      granted.push('second');
      return release;
    });
    void turns.acquire(never()).then(() => granted.push('third'));
    first();
    first();
    await second;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(granted).toEqual(['second']);
  });

  it('lets a waiter whose request aborts leave the line with LlmError("aborted")', async () => {
    const turns = createTurnQueue();
    const release = await turns.acquire(never());
    const controller = new AbortController();
    const leaving = turns.acquire(controller.signal);
    const staying = turns.acquire(never());
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ name: 'LlmError', failure: 'aborted' });
    release();
    const next = await staying;
    next();
    // The line is empty again: a new request gets the turn at once.
    (await turns.acquire(never()))();
  });

  it('refuses a request aborted before it asks', async () => {
    await expect(createTurnQueue().acquire(AbortSignal.abort())).rejects.toBeInstanceOf(LlmError);
  });
});

describe('untilAborted', () => {
  it('passes the promise on, or gives up without it when the signal aborts', async () => {
    await expect(untilAborted(Promise.resolve(1), never())).resolves.toBe(1);
    const controller = new AbortController();
    const pending = untilAborted(new Promise<number>(() => undefined), controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ failure: 'aborted' });
  });
});
