import { describe, expect, it } from 'vitest';
import { READER_STATE_TTL_MS, SummaryReadCache } from './summary-read-cache.js';

const summary = {
  id: 's1',
  bodyStart: '{"id":"s1","title":"Atomic Habits"',
  bodyUnrated: '{"id":"s1","title":"Atomic Habits","feedback":null}',
};

describe('the summary read cache', () => {
  it('serves a reader state for a minute, and forgets it at once when asked', () => {
    let now = 0;
    const cache = new SummaryReadCache(() => now);
    cache.rememberReader('u1', 's1', { feedback: null });
    now = READER_STATE_TTL_MS - 1;
    expect(cache.reader('u1', 's1')).toEqual({ feedback: null });
    expect(cache.reader('u2', 's1')).toBeUndefined();
    now = READER_STATE_TTL_MS;
    expect(cache.reader('u1', 's1')).toBeUndefined();
    cache.rememberReader('u1', 's1', { feedback: null });
    cache.forgetReader('u1', 's1');
    expect(cache.reader('u1', 's1')).toBeUndefined();
  });

  it('keeps a state past its minute as stale, until a new one replaces it', () => {
    let now = 0;
    const cache = new SummaryReadCache(() => now);
    cache.rememberReader('u1', 's1', { feedback: null });
    expect(cache.readerState('u1', 's1')).toEqual({ state: { feedback: null }, stale: false });
    now = READER_STATE_TTL_MS;
    // The fresh look-up misses it, and leaves it for the next.
    expect(cache.reader('u1', 's1')).toBeUndefined();
    expect(cache.readerState('u1', 's1')).toEqual({ state: { feedback: null }, stale: true });
    expect(cache.readerState('u1', 's1')?.stale).toBe(true);
    const rated = { feedback: { vote: 'up' as const, comment: null } };
    cache.rememberReader('u1', 's1', rated);
    expect(cache.readerState('u1', 's1')).toEqual({ state: rated, stale: false });
    cache.forgetReader('u1', 's1');
    expect(cache.readerState('u1', 's1')).toBeUndefined();
  });

  it('keeps stored summaries by id', () => {
    const cache = new SummaryReadCache(() => 0);
    expect(cache.summary('s1')).toBeUndefined();
    cache.rememberSummary(summary);
    expect(cache.summary('s1')).toBe(summary);
  });
});
