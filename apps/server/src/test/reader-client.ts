import { expect } from 'vitest';
import type { GenerateSummaryResponse, Language, Usage } from '@summa/shared';
import type { App } from '../app.js';
import { bearer, type TestUser } from './test-users.js';

/** A reader's calls of a test (a summary to work on, the plan's usage), through the API as a browser makes them. */
export function readerClient(app: () => App) {
  /** Generates a summary of this book, checking that it was answered; its id. */
  const summaryFor = async (
    user: TestUser,
    bookTitle: string,
    bookAuthor: string,
    language: Language = 'en',
  ) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/summaries',
      headers: bearer(user.session),
      payload: { bookTitle, bookAuthor, language },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GenerateSummaryResponse>().summaryId;
  };
  const usage = async (user: TestUser): Promise<Usage> =>
    (
      await app().inject({ method: 'GET', url: '/api/me/usage', headers: bearer(user.session) })
    ).json<Usage>();
  return { summaryFor, usage };
}
