import type {
  AccountSessionsResponse,
  AddXpResult,
  FeedbackRequest,
  Language,
  MeResponse,
  Profile,
  RankingEntry,
  RankingResponse,
  ReaderProgress,
  Summary,
  Usage,
} from '@summa/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/*
 * What each change touches, in one place. The answer a change came back with updates the cache
 * at once where it says everything (the progress of an award, the saved profile, the usage after
 * a generation); everything else it touches is invalidated: read again at once when on screen,
 * else when next shown.
 *
 * | change                                  | set from the answer             | invalidated                                         |
 * | --------------------------------------- | ------------------------------- | --------------------------------------------------- |
 * | XP award (POST /api/xp, a review grade) | me.progress                     | rankings, achievements (me too if not loaded yet)   |
 * | profile saved (PATCH profile, avatar)   | me.profile, own ranking entries | rankings (me too when the daily goal changed)       |
 * | summary generated                       | usage                           | me, history, achievements, rankings, people and     |
 * |                                         |                                 | reading lists (the summary each book opens)         |
 * | summary translated                      |                                 | me, usage, history, achievements, rankings          |
 * | narration made                          |                                 | its narration (when next shown), usage              |
 * | listening reported (POST …/listened)    | me.progress (the day's goal)    |                                                     |
 * | summary opened (GET /api/summaries/:id) |                                 | history (it records the visit)                      |
 * | feedback sent                           | summary.feedback                |                                                     |
 * | summary kept on or removed from device  |                                 | kept copies (IndexedDB reads)                       |
 * | plan changed (Checkout, admin grant)    |                                 | me, usage, history (the Free plan's cut)            |
 * | catalogue imported (admin)              |                                 | catalog                                             |
 * | reading list changed (PUT, DELETE)      |                                 | reading lists                                       |
 * | person curated (admin)                  |                                 | people, admin people                                |
 * | password changed or set                 |                                 | account sessions (the others were signed out)       |
 * | e-mail change asked for                 |                                 | (nothing changes until the mailed link is opened)   |
 * | a device signed out (DELETE session)    | account sessions, without it    | account sessions                                    |
 * | account deleted                         | everything cleared by the sign-out that follows (query-provider.tsx)                  |
 * | sign-out, another reader                | everything cleared (query-provider.tsx)                                               |
 */

/** An award's answer carries the reader's progress: the header and the profile take it at once. */
export async function xpAwarded(client: QueryClient, result: AddXpResult): Promise<void> {
  // A load of /api/me still under way may predate the award: it must not land after this.
  await client.cancelQueries({ queryKey: queryKeys.me });
  const me = client.setQueryData<MeResponse>(
    queryKeys.me,
    (current) => current && { ...current, progress: result.progress },
  );
  // Not loaded yet: load it now, after the award.
  if (!me) void client.invalidateQueries({ queryKey: queryKeys.me });
  void client.invalidateQueries({ queryKey: queryKeys.rankings });
  void client.invalidateQueries({ queryKey: queryKeys.achievements });
}

/** A listening report's answer carries the reader's progress (the header's goal): no XP, no board. */
export function listeningCounted(client: QueryClient, progress: ReaderProgress): void {
  client.setQueryData<MeResponse>(queryKeys.me, (current) => current && { ...current, progress });
}

/** The reader's own entry on a board, with the name and avatar they now have. */
function withProfile(entry: RankingEntry, profile: OwnProfile): RankingEntry {
  return entry.isMe ? { ...entry, nickname: profile.nickname, avatarUrl: profile.avatarUrl } : entry;
}

type OwnProfile = Pick<Profile, 'nickname' | 'avatarUrl'>;

/**
 * A board with the reader's own entries showing their nickname and avatar as their profile has
 * them now: a server keeps a board's top entries for a moment (RANKING_REFRESH_MS), so a board
 * read just after a change may still carry the old ones.
 */
export function withOwnProfile(board: RankingResponse, profile: OwnProfile): RankingResponse {
  const stale = (entry: RankingEntry | null) =>
    entry?.isMe && (entry.nickname !== profile.nickname || entry.avatarUrl !== profile.avatarUrl);
  if (!board.entries.some(stale) && !stale(board.me)) return board;
  return {
    ...board,
    entries: board.entries.map((entry) => withProfile(entry, profile)),
    me: board.me && withProfile(board.me, profile),
  };
}

/**
 * The saved profile is the server's answer: settings, the header and the reader's own ranking
 * entries show it at once, and the boards are read again.
 */
export async function profileSaved(client: QueryClient, profile: Profile): Promise<void> {
  await client.cancelQueries({ queryKey: queryKeys.me });
  const before = client.getQueryData<MeResponse>(queryKeys.me);
  const goalChanged = before !== undefined && before.profile.dailyGoal !== profile.dailyGoal;
  client.setQueryData<MeResponse>(queryKeys.me, (current) => current && { ...current, profile });
  client.setQueriesData<RankingResponse>(
    { queryKey: queryKeys.rankings },
    (board) => board && withOwnProfile(board, profile),
  );
  void client.invalidateQueries({ queryKey: queryKeys.rankings });
  // The daily goal is the profile's, today's progress toward it the progress's (the header).
  if (goalChanged) void client.invalidateQueries({ queryKey: queryKeys.me });
}

/** Everything the reader's activity counts in: XP, achievements, rankings, history (and usage). */
function readerActivity(client: QueryClient, { usage }: { usage: boolean }): void {
  const touched = [queryKeys.me, queryKeys.histories, queryKeys.achievements, queryKeys.rankings];
  for (const queryKey of usage ? [...touched, queryKeys.usage] : touched) {
    void client.invalidateQueries({ queryKey });
  }
}

/** A summary was generated (or found stored) for the reader: `usage` is the answer's own. */
export function summaryGenerated(client: QueryClient, usage: Usage): void {
  client.setQueryData(queryKeys.usage, usage);
  readerActivity(client, { usage: false });
  // A shelf or the reading list opens the new summary instead of starting one.
  void client.invalidateQueries({ queryKey: queryKeys.people });
  void client.invalidateQueries({ queryKey: queryKeys.readingLists });
}

/** A summary was translated for the reader (a new summary in their history). */
export function summaryTranslated(client: QueryClient): void {
  readerActivity(client, { usage: true });
}

/**
 * A narration was made for the reader: the stored one exists now (the player holds its parts, so
 * it is read again only when next shown), and it counted in the month's usage. Its XP comes with
 * the audio_generated award.
 */
export function narrationMade(client: QueryClient, summaryId: string, language: Language): void {
  void client.invalidateQueries({ queryKey: queryKeys.narration(summaryId, language), refetchType: 'none' });
  void client.invalidateQueries({ queryKey: queryKeys.usage });
}

/** Opening a summary records it in the reader's history (and moves it to the top). */
export function summaryOpened(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.histories });
}

/** The reader's feedback on a summary is part of it from now on. */
export function feedbackSent(client: QueryClient, summaryId: string, feedback: FeedbackRequest): void {
  client.setQueryData<Summary>(
    queryKeys.summary(summaryId),
    (summary) =>
      summary && { ...summary, feedback: { vote: feedback.vote, comment: feedback.comment ?? null } },
  );
}

/** The reader's plan changed (Checkout confirmed, a grant): the badge, the usage's limits and history's cut. */
export function planChanged(client: QueryClient): void {
  for (const queryKey of [queryKeys.me, queryKeys.usage, queryKeys.histories]) {
    void client.invalidateQueries({ queryKey });
  }
}

/** A book was saved to, or taken off, the reader's reading list. */
export function readingListChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.readingLists });
}

/** An admin added, changed or removed a person. */
export function personCurated(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.people });
  void client.invalidateQueries({ queryKey: queryKeys.adminPeople });
}

/** The catalogue was imported again. */
export function catalogImported(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.catalog });
}

/** A password was changed or set: the server signed out the reader's other devices. */
export function passwordChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.accountSessions });
}

/** A device was signed out: it leaves the list at once, and the list is read again. */
export async function sessionEnded(client: QueryClient, sessionId: string): Promise<void> {
  await client.cancelQueries({ queryKey: queryKeys.accountSessions });
  client.setQueryData<AccountSessionsResponse>(
    queryKeys.accountSessions,
    (current) => current && { sessions: current.sessions.filter((session) => session.id !== sessionId) },
  );
  void client.invalidateQueries({ queryKey: queryKeys.accountSessions });
}

/** A summary was kept on this device or removed from it: the lists of kept copies are read again. */
export function keptCopiesChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.kept });
}
