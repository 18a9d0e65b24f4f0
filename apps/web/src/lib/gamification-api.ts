import {
  achievementsResponseSchema,
  addXpResultSchema,
  meResponseSchema,
  profileResponseSchema,
  rankingResponseSchema,
  type AchievementsResponse,
  type AddXpResult,
  type Language,
  type MeResponse,
  type ProfileResponse,
  type ProfileUpdate,
  type RankingResponse,
  type RankingScope,
  type XpEventRequest,
} from '@summa/shared';
import { apiRequest } from './api-client';

/** `GET /api/me`: the reader's profile and progress (header, profile, settings). */
export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiRequest('/api/me', meResponseSchema, { signal });
}

/** `POST /api/xp`: reports an event; the server decides whether and how much XP it is worth. */
export function postXpEvent(event: XpEventRequest): Promise<AddXpResult> {
  return apiRequest('/api/xp', addXpResultSchema, { method: 'POST', body: event });
}

/** `PATCH /api/me/profile`: only the fields given change. */
export function updateProfile(update: ProfileUpdate): Promise<ProfileResponse> {
  return apiRequest('/api/me/profile', profileResponseSchema, { method: 'PATCH', body: update });
}

/**
 * `POST /api/me/avatar`: the image's bytes as they are, with its Content-Type; the server checks
 * the content, re-encodes it and answers with the profile pointing at it.
 */
export function uploadAvatar(file: Blob): Promise<ProfileResponse> {
  return apiRequest('/api/me/avatar', profileResponseSchema, { method: 'POST', body: file });
}

export function fetchRanking(
  scope: RankingScope,
  language: Language | undefined,
  signal: AbortSignal,
): Promise<RankingResponse> {
  const query = new URLSearchParams({ scope });
  if (language) query.set('lang', language);
  return apiRequest(`/api/ranking?${query.toString()}`, rankingResponseSchema, { signal });
}

export function fetchAchievements(signal: AbortSignal): Promise<AchievementsResponse> {
  return apiRequest('/api/achievements', achievementsResponseSchema, { signal });
}
