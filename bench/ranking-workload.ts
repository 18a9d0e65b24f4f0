// What the ranking benchmark's virtual readers ask for, shared by the in-process run
// (bench/ranking.ts) and the HTTP load generator (bench/ranking-load.ts).
import type { Language } from '@summa/shared';
import type { LoadPlan } from './latency.js';

export type Scenario = 'global' | 'language' | 'weekly' | 'award';

export interface Requester {
  userId: string;
  token: string;
  language: Language;
}

/** Sent to the load generator: one scenario against the app at `base`. */
export interface LoadOrder {
  base: string;
  scenario: Scenario;
  plan: LoadPlan;
  requesters: Requester[];
  summaryIds: string[];
  /** The first award's running number (the in-process run takes others, so no pair repeats). */
  firstSequence: number;
}

/** A random element, for the ranking scenarios: every request is from a random reader. */
export function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

const shuffledRounds = new Map<number, number[]>();

function shuffled(round: number, size: number): number[] {
  let order = shuffledRounds.get(round);
  if (!order) {
    order = Array.from({ length: size }, (_, index) => index);
    for (let index = size - 1; index > 0; index -= 1) {
      const other = Math.floor(Math.random() * (index + 1));
      [order[index], order[other]] = [order[other] ?? 0, order[index] ?? 0];
    }
    shuffledRounds.set(round, order);
  }
  return order;
}

/**
 * The `sequence`-th award's reader and summary, never the same pair twice (up to readers ×
 * summaries awards): each round takes every reader once in a shuffled order, and a reader's
 * summary moves on by one each round from an offset of its own.
 */
export function awardPair<R>(sequence: number, readers: readonly R[], summaryIds: readonly string[]) {
  const round = Math.floor(sequence / readers.length);
  if (round >= summaryIds.length) throw new Error('out of distinct (reader, summary) pairs');
  const readerIndex = shuffled(round, readers.length)[sequence % readers.length] ?? 0;
  const reader = readers[readerIndex];
  const summaryId = summaryIds[(round + readerIndex * 7) % summaryIds.length];
  if (reader === undefined || summaryId === undefined) throw new Error('no such pair');
  return { reader, summaryId };
}

/** The ranking query of a scenario for a reader: the language board is their own language's. */
export function rankingQuery(scenario: Exclude<Scenario, 'award'>, requester: Requester): string {
  return scenario === 'language' ? `scope=language&lang=${requester.language}` : `scope=${scenario}`;
}
