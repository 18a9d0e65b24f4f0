import type { Language, RankingScope } from '@summa/shared';

/**
 * Every server read's query key, in one place. Keys are arrays whose first element names the
 * resource, so that a change invalidates a whole family by its prefix (`queryKeys.rankings`
 * covers every board). What each change touches is in `invalidation.ts`.
 */
export const queryKeys = {
  /** GET /api/me: the signed-in reader's profile and progress (header, profile, settings). */
  me: ['me'] as const,
  /** GET /api/me/usage: this month's usage and the current plan. */
  usage: ['usage'] as const,
  /** GET /api/achievements */
  achievements: ['achievements'] as const,
  /** GET /api/reviews/due: the review cards due now. */
  reviews: ['reviews'] as const,
  /** Every ranking board. */
  rankings: ['ranking'] as const,
  /** GET /api/ranking?scope=&lang=: one board (`language` only for the language scope). */
  ranking: (scope: RankingScope, language: Language | null) => ['ranking', scope, language] as const,
  /** Every search of the reader's history. */
  histories: ['history'] as const,
  /** GET /api/history?q= */
  history: (q: string) => ['history', q] as const,
  /** Every stored summary. */
  summaries: ['summary'] as const,
  /** GET /api/summaries/:id */
  summary: (id: string) => ['summary', id] as const,
  /** Every read of the summaries kept on this device (IndexedDB, not the server: ADR 0036). */
  kept: ['kept'] as const,
  /** The summaries `owner` kept on this device. */
  keptList: (owner: string) => ['kept', owner, 'list'] as const,
  /** `owner`'s kept copy of summary `id`, or null. */
  keptSummary: (owner: string, id: string) => ['kept', owner, 'summary', id] as const,
  /** GET /api/summaries/:id/audio?language=: the stored narration, or null. */
  narration: (summaryId: string, language: Language) => ['narration', summaryId, language] as const,
  /** Everything read from the catalogue. */
  catalog: ['catalog'] as const,
  /** GET /api/catalog/books?…: one page of the catalogue (`query`: its search parameters). */
  catalogBooks: (query: string, uiLanguage: Language) => ['catalog', 'books', query, uiLanguage] as const,
  /** GET /api/catalog/categories?level=&lang= */
  catalogCategories: (level: string | null, language: Language | null) =>
    ['catalog', 'categories', level, language] as const,
  /** GET /api/me/reminders: the reader's daily reminder (Settings). */
  reminders: ['reminders'] as const,
  /** GET /api/me/sessions: the devices the reader is signed in on (Settings, Account). */
  accountSessions: ['account', 'sessions'] as const,
  /** GET /api/billing/config: whether payments are set up. */
  billingConfig: ['billing', 'config'] as const,
  /** GET /api/status: the public status (the store links' associate tag). */
  status: ['status'] as const,
  /** GET /api/admin/status: the summary model's state (admins). */
  adminStatus: ['admin', 'status'] as const,
  /** Everything read about people and their shelves. */
  people: ['people'] as const,
  /** GET /api/people */
  peopleList: ['people', 'list'] as const,
  /** GET /api/people/:slug?language= */
  person: (slug: string, language: Language) => ['people', 'person', slug, language] as const,
  /** Every reading list read (one per language). */
  readingLists: ['reading-list'] as const,
  /** GET /api/me/reading-list?language= */
  readingList: (language: Language) => ['reading-list', language] as const,
  /** GET /api/admin/people (admins). */
  adminPeople: ['admin', 'people'] as const,
  /** GET /api/admin/readers?q= (admins). */
  adminReaders: (q: string) => ['admin', 'readers', q] as const,
  /** GET /api/admin/summaries?… (admins). */
  adminSummaries: (search: string) => ['admin', 'summaries', search] as const,
  /** GET /api/admin/summaries/:id (admins). */
  adminSummary: (id: string) => ['admin', 'summary', id] as const,
  /** GET /api/admin/contact-messages (admins). */
  adminContactMessages: ['admin', 'contact-messages'] as const,
  /** GET /api/admin/feedback (admins). */
  adminFeedback: ['admin', 'feedback'] as const,
  /** GET /api/admin/usage (admins). */
  adminUsage: ['admin', 'usage'] as const,
  /** GET /api/admin/audit (admins): every action changes it. */
  adminAudit: ['admin', 'audit'] as const,
};
