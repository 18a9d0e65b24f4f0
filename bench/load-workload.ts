// The mixed workload of bench:load (bench/load.ts): what each kind of request asks, from whom,
// and its share of the connections. Each kind runs in a wrk process of its own, all at once, so
// every endpoint has its own latency figures while they share the server.
import { CATEGORIES, LANGUAGES, type Language } from '@summa/shared';
import type { WrkRequest } from './wrk.js';

export const ENDPOINTS = [
  'bare',
  'search',
  'explore',
  'summary',
  'xpAward',
  'ranking',
  'history',
  'audio',
  'profile',
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/**
 * Shares of the connections: reading a summary is what readers do most, then the catalogue
 * (search box, Explore), their own pages and the rankings; an XP award follows a read. The bare
 * route (/healthz: the same plugins and hooks, no work) measures the server's own share.
 */
export const SHARES: Record<Endpoint, number> = {
  bare: 0.06,
  search: 0.14,
  explore: 0.12,
  summary: 0.2,
  xpAward: 0.08,
  ranking: 0.12,
  history: 0.1,
  audio: 0.08,
  profile: 0.1,
};

/** A signed-in reader of the benchmark, with the summaries in their history (and their languages). */
export interface LoadReader {
  userId: string;
  token: string;
  language: Language;
  history: readonly { id: string; language: Language }[];
}

export interface Workload {
  readers: readonly LoadReader[];
  /** The catalogue's titles, in every language, to type into the search box. */
  titles: readonly string[];
}

const pick = <T>(items: readonly T[], index: number): T => {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

/** The first 3 to 10 characters of a title, as a reader types them into the search box. */
function typed(title: string, index: number): string {
  return title.slice(0, 3 + (index % 8)).trim();
}

/**
 * The request lines of one endpoint: enough distinct ones that the answers are not one cached
 * entry. XP awards are each a new (reader, summary) pair, sent once, in order, so every one does
 * an award's whole work; past `awards` pairs they would repeat.
 */
export function requestsFor(endpoint: Endpoint, { readers, titles }: Workload, awards: number): WrkRequest[] {
  const lines = 4_000;
  const reader = (index: number) => pick(readers, index);
  const language = (index: number): Language => pick(LANGUAGES, index);
  switch (endpoint) {
    case 'bare':
      return [{ method: 'GET', path: '/healthz' }];
    case 'search':
      // Half signed in: their own history is searched too.
      return Array.from({ length: lines }, (_, index) => ({
        method: 'POST',
        path: '/api/catalog/search',
        token: index % 2 === 0 ? reader(index).token : undefined,
        body: { query: typed(pick(titles, index * 7), index), lang: language(index) },
      }));
    case 'explore':
      return Array.from({ length: lines }, (_, index) => {
        const query = new URLSearchParams({ lang: language(index), page: String(1 + (index % 3)) });
        if (index % 3 !== 0) query.set('category', pick(CATEGORIES, index));
        if (index % 4 === 1) query.set('sort', pick(['trending', 'az'] as const, index));
        return { method: 'GET', path: `/api/catalog/books?${query.toString()}` };
      });
    case 'summary':
    case 'audio':
      return Array.from({ length: lines }, (_, index) => {
        const who = reader(index);
        const summary = pick(who.history, index * 13);
        return endpoint === 'summary'
          ? { method: 'GET', path: `/api/summaries/${summary.id}`, token: who.token }
          : {
              method: 'GET',
              path: `/api/summaries/${summary.id}/audio?language=${summary.language}`,
              token: who.token,
            };
      });
    case 'xpAward':
      return Array.from({ length: awards }, (_, sequence) => {
        const who = reader(sequence);
        const summary = pick(who.history, Math.floor(sequence / readers.length));
        return {
          method: 'POST',
          path: '/api/xp',
          token: who.token,
          body: { eventType: 'read_summary', subjectId: summary.id },
        };
      });
    case 'ranking':
      return Array.from({ length: lines }, (_, index) => {
        const who = reader(index);
        const scope = pick(['global', 'language', 'weekly'] as const, index);
        const query = scope === 'language' ? `scope=language&lang=${who.language}` : `scope=${scope}`;
        return { method: 'GET', path: `/api/ranking?${query}`, token: who.token };
      });
    case 'history':
      return readers.map((who) => ({ method: 'GET', path: '/api/history', token: who.token }));
    case 'profile':
      return readers.map((who) => ({ method: 'GET', path: '/api/me', token: who.token }));
  }
}

/** Connections per endpoint out of `total`, each at least one. */
export function connectionsOf(total: number): Record<Endpoint, number> {
  return Object.fromEntries(
    ENDPOINTS.map((endpoint) => [endpoint, Math.max(1, Math.round(total * SHARES[endpoint]))]),
  ) as Record<Endpoint, number>;
}
