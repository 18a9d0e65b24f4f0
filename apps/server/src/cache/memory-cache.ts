import { LRUCache } from 'lru-cache';

/**
 * Every per-instance cache of the server, with its size and lifetime, in one place
 * (ADR 0015). Each is a read cache only: a second instance never needs what one holds.
 */
export const CACHE_SETTINGS = {
  /** A stored summary as GET /api/summaries/:id sends it; a cover stored since shows after this. */
  summaryBody: { max: 5_000, ttlMs: 10 * 60_000 },
  /** A reader's own state of a summary: a reload within a minute writes nothing. */
  readerState: { max: 5_000, ttlMs: 60_000 },
  /** Verified access tokens: an access token lives an hour, and its entry ends when it expires. */
  verifiedToken: { max: 10_000, ttlMs: 60 * 60_000 },
  /** Sessions found live: a revoked session is refused by every instance within this time. */
  liveSession: { max: 10_000, ttlMs: 5_000 },
  /**
   * Catalogue-only search answers of one search index, per language and limit. No lifetime
   * (ttlMs 0): an index never changes, and its cache goes with it when the catalogue does.
   */
  searchAnswer: { max: 5_000, ttlMs: 0 },
  /**
   * Per-instance rate-limit allowances (ADR 0012), each entry living until its allowance is full
   * again (at most a window). Not a read cache: an evicted entry only forgets a client's recent hits.
   */
  rateLimitAllowance: { max: 50_000, ttlMs: 60 * 60_000 },
  /**
   * A ranking board's top entries and rank counts (ADR 0019): one entry per board (global, three
   * languages, this week). Its lifetime is RANKING_REFRESH_MS, given when the cache is made.
   */
  rankingBoard: { max: 16, ttlMs: 1_000 },
  /**
   * A reader's own standing as their rankings show it (XP, language, nickname): shared by the
   * boards they switch between; forgotten on this instance when they earn XP or change their
   * profile. Its lifetime is RANKING_REFRESH_MS too.
   */
  rankingStanding: { max: 20_000, ttlMs: 1_000 },
  /**
   * A stored summary as the SummarySource port gives it (every read of a narration asks for it);
   * forgotten on this instance when an admin removes or regenerates it.
   */
  storedSummary: { max: 5_000, ttlMs: 10 * 60_000 },
  /**
   * A summary's finished narration (its parts' keys, durations, voice): published all at once and
   * never changed, gone only with its summary. A narration not made yet is not kept.
   */
  narrationParts: { max: 5_000, ttlMs: 10 * 60_000 },
  /** A summary's language and category, which never change (every XP award reads them). */
  summaryTopic: { max: 20_000, ttlMs: 60 * 60_000 },
  /**
   * The landing's approved testimonials, one entry per language: an admin's approval or withdrawal
   * shows at once on the instance that made it, on the others within the lifetime.
   */
  testimonials: { max: 3, ttlMs: 60_000 },
  /**
   * A summary's link preview (title, author, cover, one-liner) for /summary/:id's social tags and
   * GET /api/summaries/:id/preview; a summary never changes, a re-imported cover shows after this.
   */
  summaryPreview: { max: 5_000, ttlMs: 10 * 60_000 },
  /** Book covers for the PDF export (read from the storage), re-encoded small (~30 KB each); a failure is not kept. */
  pdfCover: { max: 200, ttlMs: 60 * 60_000 },
  /**
   * Explore pages without a search, per catalogue index (a catalogue change starts afresh): a
   * book's summary written since shows after this; the page is answered as it was meanwhile.
   */
  explorePage: { max: 2_000, ttlMs: 10_000 },
  /** What the live workers see of the model (ADR 0042), for a web instance's status: one entry. */
  workerModelStatus: { max: 1, ttlMs: 2_000 },
} as const satisfies Record<string, { max: number; ttlMs: number }>;

export type CacheName = keyof typeof CACHE_SETTINGS;

export interface MemoryCacheOptions {
  /**
   * The clock the lifetimes are measured on, in milliseconds (tests pass a fake one, which may
   * start at 0). An entry is dropped once its age exceeds the lifetime.
   */
  now?: () => number;
  /**
   * Drop an entry once its age reaches the lifetime instead (on a clock in whole milliseconds):
   * the rule of the caches written before this module, which their tests hold to the millisecond.
   */
  staleAtLifetime?: boolean;
}

/** A bounded, expiring, least-recently-used map named in CACHE_SETTINGS. */
export type MemoryCache<V extends object | string | number | boolean> = LRUCache<string, V>;

/** Reads of one cache since the process started, for /metrics. */
export interface CacheTally {
  hits: number;
  misses: number;
}

/** Process-wide: a scrape asks the process, whichever part made the cache. */
const tallies = new Map<CacheName, CacheTally>();

/** Every cache's reads so far, by name (all the caches of one name together). */
export function cacheTallies(): ReadonlyMap<CacheName, Readonly<CacheTally>> {
  return tallies;
}

function tallyOf(name: CacheName): CacheTally {
  let tally = tallies.get(name);
  if (!tally) tallies.set(name, (tally = { hits: 0, misses: 0 }));
  return tally;
}

/** Counts each `get` as a hit (an entry came back) or a miss; the cache is otherwise unchanged. */
function countReads<V extends object | string | number | boolean>(
  name: CacheName,
  cache: LRUCache<string, V>,
): LRUCache<string, V> {
  const tally = tallyOf(name);
  const get = cache.get.bind(cache);
  cache.get = (key, options) => {
    const value = get(key, options);
    if (value === undefined) tally.misses += 1;
    else tally.hits += 1;
    return value;
  };
  return cache;
}

export function createMemoryCache<V extends object | string | number | boolean>(
  name: CacheName,
  options: MemoryCacheOptions = {},
): MemoryCache<V> {
  const { max, ttlMs } = CACHE_SETTINGS[name];
  const { now } = options;
  const cache = new LRUCache<string, V>({
    max,
    // lru-cache drops an entry once its age exceeds `ttl`.
    ttl: options.staleAtLifetime && ttlMs > 0 ? ttlMs - 1 : ttlMs,
    ...clockOf(now),
  });
  return countReads(name, cache);
}

/**
 * lru-cache's options for a caller's clock: read on every check (lru-cache otherwise reuses a
 * reading for 1 ms), one ahead, as lru-cache reads a start time of 0 as "no lifetime". Ages are
 * unchanged.
 */
function clockOf(now: (() => number) | undefined) {
  return now ? { perf: { now: () => now() + 1 }, ttlResolution: 0 } : {};
}

/**
 * A cache that loads what it misses with `load`, once for all the callers that ask for the same
 * key meanwhile; `ttlMs` overrides the setting's lifetime (a configured one), `now` its clock.
 * Once an entry has expired, callers get it as it was while its reload runs (one reload at a
 * time), so no request waits on a refresh.
 */
export function createMemoryLoader<V extends object>(
  name: CacheName,
  load: (key: string) => Promise<V>,
  ttlMs: number = CACHE_SETTINGS[name].ttlMs,
  { now }: Pick<MemoryCacheOptions, 'now'> = {},
): LRUCache<string, V> {
  const tally = tallyOf(name);
  // What lru-cache rejects an aborted load with, for every caller waiting on it: only the caller
  // that started the load is told it was aborted (its status), the others see this reason.
  const abortReasons = new WeakSet<object>();
  const cache = new LRUCache<string, V>({
    max: CACHE_SETTINGS[name].max,
    ttl: ttlMs,
    allowStale: true,
    noDeleteOnStaleGet: true,
    fetchMethod: (key, _stale, { signal }) => {
      signal.addEventListener('abort', () => {
        const reason: unknown = signal.reason;
        if (typeof reason === 'object' && reason !== null) abortReasons.add(reason);
      });
      return load(key);
    },
    ...clockOf(now),
  });
  // A hit is an answer from memory, fresh or stale (a stale one is reloaded behind it).
  const fetch = cache.fetch.bind(cache);
  cache.fetch = async (key: string, options?: Parameters<typeof fetch>[1]) => {
    if (cache.peek(key, { allowStale: true }) === undefined) tally.misses += 1;
    else tally.hits += 1;
    const status: NonNullable<Parameters<typeof fetch>[1]>['status'] = options?.status ?? {};
    try {
      return await fetch(key, { ...options, status });
    } catch (error) {
      // Forgetting the key (delete) while it loads aborts the load, which lru-cache answers with
      // an error: what was loading predates the change that forgot it, so load it again
      // (bench:load found rankings failing with 500 when their reader's award forgot them).
      // Straight from the source, not through the cache: a reload in the cache could be forgotten
      // and aborted in turn (two web instances under bench:load did that), and this answer is
      // not kept, so the next read loads after the latest change. The same for a caller that
      // was waiting on that load (bench:load's rare 500 on rankings, a reader's two at once).
      const aborted =
        status.fetchAborted === true ||
        (typeof error === 'object' && error !== null && abortReasons.has(error));
      if (!aborted) throw error;
      return load(key);
    }
  };
  return cache;
}
