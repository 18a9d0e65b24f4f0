import { afterEach, describe, expect, it } from 'vitest';
import { queueXp, takeQueuedXp } from './pending-xp';

afterEach(() => localStorage.clear());

describe('XP earned offline', () => {
  it('keeps each event once per reader, and hands a reader only their own', () => {
    queueXp('ana', 'read_summary', 's1');
    queueXp('ana', 'read_summary', 's1');
    queueXp('ana', 'read_summary', 's2');
    queueXp('bia', 'read_summary', 's1');

    expect(takeQueuedXp('ana')).toEqual([
      { owner: 'ana', eventType: 'read_summary', subjectId: 's1' },
      { owner: 'ana', eventType: 'read_summary', subjectId: 's2' },
    ]);
    // Taken once: a second look (another tab, the next 'online' event) finds nothing to send.
    expect(takeQueuedXp('ana')).toEqual([]);
    expect(takeQueuedXp('bia')).toEqual([{ owner: 'bia', eventType: 'read_summary', subjectId: 's1' }]);
  });

  it('ignores a stored queue it cannot read', () => {
    localStorage.setItem('summa.pendingXp', '{"not": "a list"}');
    expect(takeQueuedXp('ana')).toEqual([]);
    queueXp('ana', 'share_summary', 's3');
    expect(takeQueuedXp('ana')).toEqual([{ owner: 'ana', eventType: 'share_summary', subjectId: 's3' }]);
  });
});
