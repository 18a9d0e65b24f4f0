import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_QUEUE_SETTINGS, notifiedPollSeconds } from './job-queue.js';

describe('a notified queue polls', () => {
  it('every 10 s on the embedded database, whose worker polls every 10 s (not 50 s)', () => {
    expect(notifiedPollSeconds(10)).toBe(10);
  });

  it('every 10 s on PostgreSQL, five times its 2 s poll', () => {
    expect(notifiedPollSeconds(DEFAULT_JOB_QUEUE_SETTINGS.pollSeconds)).toBe(10);
  });

  it('five times a shorter poll, and never more often than the poll itself', () => {
    expect(notifiedPollSeconds(0.5)).toBe(2.5);
    expect(notifiedPollSeconds(30)).toBe(30);
  });
});
