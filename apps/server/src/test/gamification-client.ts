import { expect } from 'vitest';
import type { AddXpResult, Language, MeResponse, XpEventType } from '@summa/shared';
import type { App } from '../app.js';
import { readerClient } from './reader-client.js';
import { bearer, type TestUser } from './test-users.js';

/** The gamification calls of a test, through the API as a browser makes them. */
export function gamificationClient(app: () => App) {
  const reader = readerClient(app);
  const summaryFor = (user: TestUser, bookTitle: string, language: Language = 'en') =>
    reader.summaryFor(user, bookTitle, 'Some Author', language);
  /** Opens a summary as the reader's browser does (it joins their history: XP can be earned for it). */
  const open = async (user: TestUser, summaryId: string) => {
    const response = await app().inject({
      method: 'GET',
      url: `/api/summaries/${summaryId}`,
      headers: bearer(user.session),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const xpEvent = (user: TestUser, eventType: string, subjectId: string) =>
    app().inject({
      method: 'POST',
      url: '/api/xp',
      headers: bearer(user.session),
      payload: { eventType, subjectId },
    });
  const award = async (user: TestUser, eventType: XpEventType, subjectId: string): Promise<AddXpResult> => {
    const response = await xpEvent(user, eventType, subjectId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AddXpResult>();
  };
  const me = async (user: TestUser): Promise<MeResponse> => {
    const response = await app().inject({ method: 'GET', url: '/api/me', headers: bearer(user.session) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MeResponse>();
  };
  const patchProfile = (user: TestUser, payload: unknown) =>
    app().inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: bearer(user.session),
      payload: payload as object,
    });
  return { summaryFor, open, xpEvent, award, me, patchProfile };
}
