import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentMonthKey, readUsageMirror, writeUsageMirror } from './usage-mirror';

const ANA = '5f0c7f3e-8a39-4d43-9d8b-2f1c3b9e6a01';
const BIA = '0b6e2d4a-1c3f-4e5a-9b8c-7d6e5f4a3b21';
const MARCH = new Date('2026-03-15T10:00:00.000Z');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('usage mirror', () => {
  it('names the month by its UTC year and month, as the server does', () => {
    expect(currentMonthKey(new Date('2026-03-01T00:00:00.000Z'))).toBe('2026-03');
    expect(currentMonthKey(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-03');
    expect(currentMonthKey(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
    expect(currentMonthKey(new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-01');
  });

  it('reads zero for a user with nothing stored', () => {
    expect(readUsageMirror(ANA, MARCH)).toEqual({ monthKey: '2026-03', summariesUsed: 0, audiosUsed: 0 });
  });

  it('keeps monthKey, summariesUsed and audiosUsed, and nothing else, under one key per user', () => {
    writeUsageMirror(ANA, { monthKey: '2026-03', summariesUsed: 4, audiosUsed: 2 });
    writeUsageMirror(BIA, { monthKey: '2026-03', summariesUsed: 9, audiosUsed: 0 });

    expect(localStorage.length).toBe(2);
    expect(JSON.parse(localStorage.getItem(`summa.usage.${ANA}`) ?? 'null')).toEqual({
      monthKey: '2026-03',
      summariesUsed: 4,
      audiosUsed: 2,
    });
    expect(readUsageMirror(ANA, MARCH)).toEqual({ monthKey: '2026-03', summariesUsed: 4, audiosUsed: 2 });
    expect(readUsageMirror(BIA, MARCH)).toEqual({ monthKey: '2026-03', summariesUsed: 9, audiosUsed: 0 });
  });

  it('stores only the counter fields of the usage the server answered with', () => {
    writeUsageMirror(ANA, {
      monthKey: '2026-03',
      summariesUsed: 1,
      audiosUsed: 0,
      // A whole Usage object has more: the mirror leaves it out.
      ...{ plan: 'free', summariesLimit: 10, audiosLimit: 10 },
    });
    expect(Object.keys(JSON.parse(localStorage.getItem(`summa.usage.${ANA}`) ?? '{}') as object)).toEqual([
      'monthKey',
      'summariesUsed',
      'audiosUsed',
    ]);
  });

  it('starts from zero again when the month changes', () => {
    writeUsageMirror(ANA, { monthKey: '2026-03', summariesUsed: 10, audiosUsed: 3 });
    expect(readUsageMirror(ANA, new Date('2026-04-01T00:00:00.000Z'))).toEqual({
      monthKey: '2026-04',
      summariesUsed: 0,
      audiosUsed: 0,
    });
    // A year later the same month number is another month too.
    expect(readUsageMirror(ANA, new Date('2027-03-10T00:00:00.000Z')).summariesUsed).toBe(0);
  });

  it('reads unreadable or half-written values as zero', () => {
    const key = `summa.usage.${ANA}`;
    for (const stored of [
      '{not json',
      '"2026-03"',
      JSON.stringify({ monthKey: '2026-03', summariesUsed: '4', audiosUsed: 0 }),
      JSON.stringify({ monthKey: '2026-03', summariesUsed: 4 }),
    ]) {
      localStorage.setItem(key, stored);
      expect(readUsageMirror(ANA, MARCH)).toEqual({ monthKey: '2026-03', summariesUsed: 0, audiosUsed: 0 });
    }
  });

  it('does not throw when the storage refuses to write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() =>
      writeUsageMirror(ANA, { monthKey: '2026-03', summariesUsed: 1, audiosUsed: 0 }),
    ).not.toThrow();
    expect(readUsageMirror(ANA, MARCH).summariesUsed).toBe(0);
  });
});
