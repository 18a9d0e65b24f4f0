import { expect } from 'vitest';
import type { GenerateSummaryResponse, Session } from '@summa/shared';
import type { Language } from '@summa/shared/languages';
import { signUpViaApi, uniqueEmail } from './accounts.js';
import { apiAs } from './api.js';

/** The id of the summary `session`'s reader generates through the API (the fake model writes it). */
export async function generatedSummaryId(
  session: Session,
  bookTitle: string,
  bookAuthor: string,
  language: Language,
): Promise<string> {
  const response = await apiAs(session, '/api/summaries', { bookTitle, bookAuthor, language });
  expect(response.status).toBe(200);
  return ((await response.json()) as GenerateSummaryResponse).summaryId;
}

/**
 * The path of a summary that another reader generated (the fake model writes it) and could share:
 * what a signed-out visitor opens from a shared link. Each spec uses its own book: generate.e2e
 * expects the first Atomic Habits of each language, and catalog.e2e Deep Work, to be new.
 */
export async function sharedSummaryPath(bookTitle: string, bookAuthor: string): Promise<string> {
  const sharer = await signUpViaApi(uniqueEmail('sharer'), { language: 'en' });
  return `/summary/${await generatedSummaryId(sharer, bookTitle, bookAuthor, 'en')}`;
}
