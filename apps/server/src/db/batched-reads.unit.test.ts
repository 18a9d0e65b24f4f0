import { describe, expect, it, vi } from 'vitest';
import { batchedReads } from './batched-reads.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedReads', () => {
  it('reads every key asked for in one turn of the event loop with one call', async () => {
    const readMany = vi.fn(
      async (keys: readonly string[]) => new Map(keys.map((key) => [key, key.toUpperCase()])),
    );
    const read = batchedReads(readMany);
    // Asked from separate callbacks of one turn, as requests on separate sockets are.
    const answers = await Promise.all(
      ['a', 'b', 'c'].map(
        (key) => new Promise<string | undefined>((resolve) => setImmediate(() => resolve(read(key)))),
      ),
    );
    expect(answers).toEqual(['A', 'B', 'C']);
    expect(readMany).toHaveBeenCalledTimes(1);
    expect(readMany.mock.calls[0]?.[0]).toEqual(['a', 'b', 'c']);
  });

  it('reads again in a later turn, and answers undefined for a key not found', async () => {
    const readMany = vi.fn(
      async (keys: readonly string[]) => new Map(keys.filter((key) => key !== 'gone').map((key) => [key, 1])),
    );
    const read = batchedReads(readMany);
    expect(await read('a')).toBe(1);
    await nextTurn();
    expect(await Promise.all([read('a'), read('gone')])).toEqual([1, undefined]);
    expect(readMany).toHaveBeenCalledTimes(2);
  });

  it('fails every caller of a batch whose read fails, and reads afresh afterwards', async () => {
    let fail = true;
    const read = batchedReads(async (keys) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((key) => [key, key]));
    });
    const results = await Promise.allSettled([read('a'), read('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('a')).toBe('a');
  });

  it('splits a turn with more than 500 keys into several reads', async () => {
    const sizes: number[] = [];
    const read = batchedReads(async (keys) => {
      sizes.push(keys.length);
      return new Map(keys.map((key) => [key, key]));
    });
    await Promise.all(Array.from({ length: 1_200 }, (_, index) => read(String(index))));
    expect(sizes).toEqual([500, 500, 200]);
  });

  it('with one read in flight, gathers the keys of the turns meanwhile into the next read', async () => {
    const reads: string[][] = [];
    let answerFirst: (() => void) | undefined;
    const read = batchedReads(
      async (keys) => {
        reads.push([...keys]);
        if (reads.length === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
        return new Map(keys.map((key) => [key, key.toUpperCase()]));
      },
      { inFlight: 1 },
    );
    const first = read('a');
    await nextTurn();
    // Three turns of keys while the first read is in flight.
    const later = [read('b'), read('c')];
    await nextTurn();
    later.push(read('d'));
    await nextTurn();
    later.push(read('e'));
    await nextTurn();
    expect(reads).toEqual([['a']]);
    answerFirst?.();
    expect(await first).toBe('A');
    expect(await Promise.all(later)).toEqual(['B', 'C', 'D', 'E']);
    expect(reads).toEqual([['a'], ['b', 'c', 'd', 'e']]);
  });

  it("without a limit, reads each turn's keys at once, whatever is in flight", async () => {
    const reads: string[][] = [];
    const held: (() => void)[] = [];
    const read = batchedReads(async (keys) => {
      reads.push([...keys]);
      await new Promise<void>((resolve) => held.push(resolve));
      return new Map(keys.map((key) => [key, key]));
    });
    const answers = [read('a')];
    await nextTurn();
    answers.push(read('b'));
    await nextTurn();
    expect(reads).toEqual([['a'], ['b']]);
    for (const answer of held) answer();
    expect(await Promise.all(answers)).toEqual(['a', 'b']);
  });
});
