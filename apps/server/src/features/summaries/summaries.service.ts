import type { FastifyBaseLogger } from 'fastify';
import {
  FREE_HISTORY_LIMIT,
  foldText,
  isLanguage,
  type AdminSummariesQuery,
  type AdminSummary,
  type AdminSummaryResponse,
  type FeedbackRequest,
  type HistoryItem,
  type HistoryResponse,
  type Language,
  type Suggestion,
  type Summary,
  type SummaryPreview,
} from '@summa/shared';
import { createMemoryCache } from '../../cache/memory-cache.js';
import { batchedReads } from '../../db/batched-reads.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { AuditStep } from '../../ports/admin-audit.js';
import type { ReaderPlan } from '../../ports/reader-plan.js';
import type { StoredCovers } from '../../ports/stored-covers.js';
import type { SummaryPreviews } from '../../ports/summary-previews.js';
import type { StoredSummary, SummarySource, SummaryTopic } from '../../ports/summary-source.js';
import {
  findAdminSummary,
  listAdminSummaries,
  removeSummary,
  replaceSummaryContent,
} from './admin-summaries.repository.js';
import { createCoverImages, type CoverImages } from './export/cover-image.js';
import { storeSummary, type NewSummary } from './generation/generation.repository.js';
import { renderSummaryPdf } from './export/summary-pdf.js';
import {
  addUserSummary,
  findReaderState,
  openAsReaders,
  findSummaryTopic,
  findSummary,
  findSummaryIdByNormKey,
  findUserSummaries,
  findListedTopics,
  hasUserSummary,
  insertFeedback,
  findHistoryPage,
  readerSummaryKey,
  touchUserSummary,
  type HistoryRow,
  type HistorySearch,
  type SummaryRecord,
} from './summaries.repository.js';
import { SummaryReadCache, type ReaderState, type ReadySummary } from './summary-read-cache.js';

export interface SummariesDeps {
  db: Database;
  /** The reader's plan decides how much history they see, and whether they may export a PDF. */
  plan: ReaderPlan;
  /** The covers the app stores (the StoredCovers port), printed in the PDF export. */
  storedCovers?: StoredCovers | undefined;
  /** Where a reader's state that failed to load behind a read is reported. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** The clock the read cache's lifetimes are measured on (tests move it), in milliseconds. */
  now?: () => number;
}

/** A summary exported as a PDF document, with the book title its file is named after. */
export interface SummaryPdf {
  title: string;
  pdf: Buffer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored summary as the API shows it to anyone (the reader's own feedback aside). */
export function summaryView(summary: SummaryRecord): Omit<Summary, 'feedback'> {
  return {
    id: summary.id,
    title: summary.title,
    author: summary.author,
    language: summary.language,
    bookId: summary.bookId,
    category: summary.category,
    cover_url: summary.coverUrl,
    isbn13: summary.isbn13,
    content: summary.content,
    related: summary.related,
    editorial: summary.source !== 'model',
    createdAt: summary.createdAt.toISOString(),
  };
}

/**
 * A stored summary's answer up to the reader's part, serialized once: the summary never changes
 * (it was checked against its schema before it was stored), and its content is most of the body.
 */
function readySummary(summary: SummaryRecord): ReadySummary {
  const body = JSON.stringify(summaryView(summary));
  const bodyStart = body.slice(0, -1);
  return { id: summary.id, bodyStart, bodyUnrated: `${bodyStart},"feedback":null}` };
}

/** The one entry point to stored summaries: finding, reading, touching, rating, and a reader's history. */
/** The answer of GET /api/summaries/:id: the stored summary with the reader's own rating. */
function bodyFor(summary: ReadySummary, reader: ReaderState): string {
  if (!reader.feedback) return summary.bodyUnrated;
  return `${summary.bodyStart},"feedback":${JSON.stringify(reader.feedback)}}`;
}

/** A search of a reader's own summaries as one key: the query last, as it may hold any character. */
const historySearchKey = ({ userId, language, limit, query }: HistorySearch) =>
  `${userId}|${language}|${limit}|${query}`;

function historySearchOf(key: string): HistorySearch {
  const [userId = '', language, limit, ...query] = key.split('|');
  if (!isLanguage(language)) throw new Error(`not a history search: ${key}`);
  return { userId, language, limit: Number(limit), query: query.join('|') };
}

/**
 * A reader's state of a summary as the read cache keeps it, from what `openAsReaders` read (no
 * rating when nothing was read: a summary removed meanwhile).
 */
function cachedReaderState(
  state: { vote: FeedbackRequest['vote'] | null; comment: string | null } | undefined,
): ReaderState {
  return { feedback: state?.vote ? { vote: state.vote, comment: state.comment } : null };
}

export class SummariesService implements SummarySource, SummaryPreviews {
  private readonly readCache: SummaryReadCache;
  /** The readers' states being loaded again behind a read (`reopenBehind`), by reader and summary. */
  private readonly reopening = new Map<string, { superseded: boolean }>();
  /** A summary's language and category never change: every XP award asks for them. */
  private readonly topics = createMemoryCache<SummaryTopic>('summaryTopic');
  /** Every read of a narration asks for its summary. */
  private readonly stored = createMemoryCache<StoredSummary>('storedSummary');
  /** Shared links are opened by many (and their previews fetched by chat apps): one read per id. */
  private readonly previews = createMemoryCache<SummaryPreview>('summaryPreview');
  private readonly covers: CoverImages;
  /** Listed pairs' topics, one query per event-loop turn (awards come in crowds). */
  private readonly listedTopics: (key: string) => Promise<SummaryTopic | undefined>;
  /** Readers' searches of their own summaries (the search box), one statement per event-loop turn. */
  private readonly historySearches: (key: string) => Promise<HistoryRow[] | undefined>;
  /** Readers opening summaries, one statement per event-loop turn (reads come in crowds too). */
  private readonly openings: (key: string) => Promise<Parameters<typeof cachedReaderState>[0]>;

  constructor(private readonly deps: SummariesDeps) {
    this.covers = createCoverImages({ stored: deps.storedCovers });
    this.readCache = new SummaryReadCache(deps.now);
    this.listedTopics = batchedReads((keys) => findListedTopics(deps.db, keys));
    this.openings = batchedReads((keys) => openAsReaders(deps.db, keys));
    this.historySearches = batchedReads(async (keys) => {
      const found = await findUserSummaries(deps.db, keys.map(historySearchOf));
      return new Map(keys.map((key, place) => [key, found[place] ?? []]));
    });
  }

  /** The reader opens the summary: recorded in their history, and their state of it as it is now. */
  private async openAsReader(userId: string, summaryId: string): Promise<ReaderState> {
    return cachedReaderState(await this.openings(readerSummaryKey(userId, summaryId)));
  }

  /** The SummarySource port: a stored summary by id. */
  async byId(summaryId: string): Promise<StoredSummary | undefined> {
    const cached = this.stored.get(summaryId);
    if (cached) return cached;
    const summary = await findSummary(this.deps.db, summaryId);
    if (!summary) return undefined;
    const { id, title, author, language, content, coverUrl, category } = summary;
    const stored = { id, title, author, language, content, coverUrl, category };
    this.stored.set(summaryId, stored);
    return stored;
  }

  /** The SummaryPreviews port and GET /api/summaries/:id/preview: what anyone may see of a summary. */
  async preview(summaryId: string): Promise<SummaryPreview | undefined> {
    const cached = this.previews.get(summaryId);
    if (cached) return cached;
    const summary = await findSummary(this.deps.db, summaryId);
    if (!summary) return undefined;
    const { id, title, author, language, coverUrl, content } = summary;
    const preview = { id, title, author, language, cover_url: coverUrl, oneLiner: content.oneLiner };
    this.previews.set(summaryId, preview);
    return preview;
  }

  async topicOf(summaryId: string): Promise<SummaryTopic | undefined> {
    const cached = this.topics.get(summaryId);
    if (cached) return cached;
    const topic = await findSummaryTopic(this.deps.db, summaryId);
    if (topic) this.topics.set(summaryId, topic);
    return topic;
  }

  async inHistory(userId: string, summaryId: string): Promise<boolean> {
    // The reader's state of it in the read cache means that they opened it lately, which recorded
    // it in their list; and nothing takes a summary out of a list. So that answer needs no query.
    if (this.readCache.reader(userId, summaryId)) return true;
    return (await this.listedTopics(readerSummaryKey(userId, summaryId))) !== undefined;
  }

  /** The SummarySource port: the check and the topic an award needs, in one query at most. */
  async topicInHistory(userId: string, summaryId: string): Promise<SummaryTopic | undefined> {
    if (this.readCache.reader(userId, summaryId)) return this.topicOf(summaryId);
    const topic = await this.listedTopics(readerSummaryKey(userId, summaryId));
    if (topic) this.topics.set(summaryId, topic);
    return topic;
  }

  async feedbackGiven(userId: string, summaryId: string): Promise<boolean> {
    const state = await findReaderState(this.deps.db, summaryId, userId);
    return state.vote !== null;
  }

  /** The stored summary of a norm_key, if any. */
  async findIdByKey(normKey: string): Promise<string | undefined> {
    return findSummaryIdByNormKey(this.deps.db, normKey);
  }

  /**
   * Stores a finished summary (a generation's or a translation's) under its norm_key; should the
   * key already have one, that one stays and its id is returned.
   */
  async store(summary: NewSummary): Promise<string> {
    return storeSummary(this.deps.db, summary);
  }

  /** Whether the summary is already in the reader's list. */
  async isOwned(userId: string, summaryId: string): Promise<boolean> {
    return hasUserSummary(this.deps.db, userId, summaryId);
  }

  /** Records that the reader saw the summary now (the history's order). */
  async touch(userId: string, summaryId: string): Promise<void> {
    await touchUserSummary(this.deps.db, userId, summaryId);
  }

  /**
   * Adds a summary the reader generated to their list; false when they already had it (then it
   * is touched). `db` is the transaction that charges it, when there is one.
   */
  async addGenerated(userId: string, summaryId: string, db: Database = this.deps.db): Promise<boolean> {
    return addUserSummary(db, userId, summaryId, true);
  }

  /**
   * `read`'s answer when this instance holds both the summary and the reader's state of it (a
   * reader reopening it), found without waiting on anything; undefined means "ask `read`".
   */
  readKnown(userId: string, summaryId: string): string | undefined {
    const summary = this.readCache.summary(summaryId);
    const reader = summary && this.knownReader(userId, summary.id);
    return summary && reader ? bodyFor(summary, reader) : undefined;
  }

  /**
   * The reader's state this instance keeps. One older than a minute is still answered, while it
   * is loaded again behind the read (which records the reopening): a reader who keeps a summary
   * open never waits on the database, however busy it is. Under bench:load, those loads in the
   * reads' path (a minute after each was kept, all together) sent up to 40% of the reads to wait
   * on a saturated pool.
   */
  private knownReader(userId: string, summaryId: string): ReaderState | undefined {
    const known = this.readCache.readerState(userId, summaryId);
    if (known?.stale) this.reopenBehind(userId, summaryId);
    return known?.state;
  }

  /**
   * Loads a stale state again, once at a time per reader and summary; a failure keeps the old one,
   * and a rating given meanwhile (`rate`) drops what this load read before it.
   */
  private reopenBehind(userId: string, summaryId: string): void {
    const key = readerSummaryKey(userId, summaryId);
    if (this.reopening.has(key)) return;
    const reopening = { superseded: false };
    this.reopening.set(key, reopening);
    this.openAsReader(userId, summaryId)
      .then((state) => {
        if (!reopening.superseded) this.readCache.rememberReader(userId, summaryId, state);
      })
      .catch((error: unknown) => {
        this.deps.log?.warn(
          { err: error, summaryId },
          "a reader's state of a summary could not be loaded again",
        );
      })
      .finally(() => this.reopening.delete(key));
  }

  /** Reading records the summary in the reader's history (a reload within a minute writes nothing). */
  private async loadReaderState(userId: string, summaryId: string): Promise<ReaderState> {
    const reader = await this.openAsReader(userId, summaryId);
    this.readCache.rememberReader(userId, summaryId, reader);
    return reader;
  }

  /** The summary as the reader sees it (serialized JSON); opening it records it in their history. */
  async read(userId: string, summaryId: string): Promise<string> {
    const { db } = this.deps;
    let summary = this.readCache.summary(summaryId);
    if (!summary) {
      const stored = await findSummary(db, summaryId);
      if (!stored) throw new AppError('NOT_FOUND', 404);
      summary = readySummary(stored);
      this.readCache.rememberSummary(summary);
    }
    const reader = this.knownReader(userId, summary.id) ?? (await this.loadReaderState(userId, summary.id));
    return bodyFor(summary, reader);
  }

  /**
   * The summary as a printable PDF, a Premium feature: 403 PREMIUM_REQUIRED on the free plan
   * (before the summary is looked up). The book's cover is left out when it cannot be fetched.
   */
  async exportPdf(userId: string, summaryId: string): Promise<SummaryPdf> {
    if ((await this.deps.plan.planOf(userId)) !== 'premium') throw new AppError('PREMIUM_REQUIRED', 403);
    const summary = await findSummary(this.deps.db, summaryId);
    if (!summary) throw new AppError('NOT_FOUND', 404);
    const { title, author, language, content, coverUrl } = summary;
    const cover = coverUrl ? await this.covers.load(coverUrl) : undefined;
    return { title, pdf: await renderSummaryPdf({ title, author, language, content, cover }) };
  }

  /** Stores the reader's one rating of a summary. */
  async rate(userId: string, summaryId: string, feedback: FeedbackRequest): Promise<void> {
    const summary = await findSummary(this.deps.db, summaryId);
    if (!summary) throw new AppError('NOT_FOUND', 404);
    if (!(await insertFeedback(this.deps.db, userId, summary.id, feedback))) {
      throw new AppError('FEEDBACK_ALREADY_GIVEN', 409);
    }
    this.readCache.forgetReader(userId, summary.id);
    const reopening = this.reopening.get(`${userId}|${summary.id}`);
    if (reopening) reopening.superseded = true;
  }

  /**
   * The reader's summaries, most recent first; the free plan sees the 20 most recent. Summaries an
   * admin removed stay in it as entries that say so (ADR 0030).
   */
  async history(userId: string, query: string | undefined): Promise<HistoryResponse> {
    const limits = { premium: 10_000, free: FREE_HISTORY_LIMIT };
    const {
      plan,
      rows,
      total,
      removed: removedRows,
    } = await findHistoryPage(this.deps.db, userId, { query, limits });
    const limit = limits[plan];
    const folded = query ? foldText(query) : undefined;
    const removed = removedRows.filter(
      (row) => !folded || foldText(row.title).includes(folded) || foldText(row.author).includes(folded),
    );
    const items: HistoryItem[] = [
      ...rows.map((row) => ({
        summaryId: row.summaryId,
        title: row.title,
        author: row.author,
        language: row.language,
        cover_url: row.coverUrl,
        oneLiner: row.oneLiner,
        lastSeenAt: row.lastSeenAt.toISOString(),
        removed: false,
      })),
      ...removed.map((row) => ({
        summaryId: row.summaryId,
        title: row.title,
        author: row.author,
        language: row.language,
        cover_url: null,
        oneLiner: '',
        lastSeenAt: row.lastSeenAt.toISOString(),
        removed: true,
      })),
    ]
      .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt))
      .slice(0, limit);
    const all = total + removed.length;
    return { items, total: all, limited: all > items.length && plan !== 'premium' };
  }

  /** The admin console's list of stored summaries. */
  adminList(query: AdminSummariesQuery): Promise<AdminSummary[]> {
    return listAdminSummaries(this.deps.db, query);
  }

  /** A stored summary as the admin console opens it; 404 for no such summary. */
  async adminGet(summaryId: string): Promise<AdminSummaryResponse> {
    const found = UUID.test(summaryId) ? await findAdminSummary(this.deps.db, summaryId) : undefined;
    if (!found) throw new AppError('NOT_FOUND', 404);
    return { summary: found.summary, content: found.content };
  }

  /**
   * Removes a bad summary with the admin's audit row (ADR 0030); its readers keep an entry that
   * says so. 404 for no such summary, 409 EDITORIAL_SUMMARY for the editors'.
   */
  async remove(summaryId: string, audit: AuditStep): Promise<void> {
    if (!UUID.test(summaryId)) throw new AppError('NOT_FOUND', 404);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const removal = await removeSummary(tx, summaryId);
      if (removal.kind === 'removed') await audit(tx, removal.title);
      return removal;
    });
    if (outcome.kind === 'missing') throw new AppError('NOT_FOUND', 404);
    if (outcome.kind === 'editorial') {
      throw new AppError('EDITORIAL_SUMMARY', 409, "The editors' summaries are not removed here.");
    }
    this.forget(summaryId);
  }

  /** The stored summary a regeneration starts from; undefined for no such summary. */
  async record(summaryId: string): Promise<SummaryRecord | undefined> {
    return UUID.test(summaryId) ? findSummary(this.deps.db, summaryId) : undefined;
  }

  /** A regeneration's new content, stored over the old one with the admin's audit row. */
  async replace(
    summaryId: string,
    fields: Pick<NewSummary, 'content' | 'related' | 'model' | 'kind'>,
    audit: AuditStep,
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await replaceSummaryContent(tx, summaryId, fields);
      await audit(tx);
    });
    this.forget(summaryId);
  }

  private forget(summaryId: string): void {
    this.readCache.forgetSummary(summaryId);
    this.stored.delete(summaryId);
    this.previews.delete(summaryId);
    this.topics.delete(summaryId);
  }

  /** The reader's own summaries for the search box (source 'history'). */
  async suggestions(userId: string, query: string, language: Language, limit: number): Promise<Suggestion[]> {
    const rows = (await this.historySearches(historySearchKey({ userId, query, language, limit }))) ?? [];
    return rows.map((row) => ({
      id: row.summaryId,
      title: row.title,
      author: row.author,
      lang: row.language,
      cover_url: row.coverUrl,
      source: 'history',
    }));
  }
}
