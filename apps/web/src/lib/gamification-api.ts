import type {
  AchievementsResponse,
  AddXpResult,
  Language,
  MeResponse,
  ProfileResponse,
  ProfileUpdate,
  RankingResponse,
  RankingScope,
  XpEventRequest,
} from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { logWarning } from './logger';
import { queryKeys } from './query-keys';

const api = ENDPOINTS.gamification;

/** The reader's profile and progress (header, profile, settings). */
export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiCall(api.me, { signal });
}

/** Reports an event; the server decides whether and how much XP it is worth. */
export function postXpEvent(event: XpEventRequest): Promise<AddXpResult> {
  return apiCall(api.addXp, { body: event });
}

/** Only the fields given change. */
export function updateProfile(update: ProfileUpdate): Promise<ProfileResponse> {
  return apiCall(api.updateProfile, { body: update });
}

/**
 * The image's bytes as they are, with its Content-Type; the server checks the content,
 * re-encodes it and answers with the profile pointing at it.
 */
export function uploadAvatar(file: Blob): Promise<ProfileResponse> {
  return apiCall(api.uploadAvatar, { body: file });
}

export function fetchRanking(
  scope: RankingScope,
  language: Language | undefined,
  signal: AbortSignal,
): Promise<RankingResponse> {
  const query = new URLSearchParams({ scope });
  if (language) query.set('lang', language);
  return apiCall(api.ranking, { query, signal });
}

export function fetchAchievements(signal: AbortSignal): Promise<AchievementsResponse> {
  return apiCall(api.achievements, { signal });
}

/** The browser's time zone, sent once so that streak days follow the reader's calendar. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The reader's profile and progress, with the browser's time zone stored the first time round. */
async function loadMe(signal: AbortSignal): Promise<MeResponse> {
  const me = await fetchMe(signal);
  const timeZone = browserTimeZone();
  if (me.profile.timeZone !== null || !timeZone) return me;
  try {
    const { profile } = await updateProfile({ timeZone });
    return { ...me, profile };
  } catch (error) {
    logWarning('could not store the time zone', error);
    return me;
  }
}

/** The signed-in reader's profile and progress. */
export function meQuery() {
  return queryOptions({ queryKey: queryKeys.me, queryFn: ({ signal }) => loadMe(signal) });
}

/** One ranking board; `language` counts only for the language scope. */
export function rankingQuery(scope: RankingScope, language: Language) {
  const lang = scope === 'language' ? language : undefined;
  return queryOptions({
    queryKey: queryKeys.ranking(scope, lang ?? null),
    queryFn: ({ signal }) => fetchRanking(scope, lang, signal),
  });
}

export function achievementsQuery() {
  return queryOptions({
    queryKey: queryKeys.achievements,
    queryFn: ({ signal }) => fetchAchievements(signal),
  });
}
