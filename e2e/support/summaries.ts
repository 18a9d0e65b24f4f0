import { expect } from 'vitest';
import type { GenerateSummaryResponse } from '@summa/shared';
import { signUpViaApi, uniqueEmail, visitorAddress } from './accounts.js';
import { baseURL } from './browser.js';

/**
 * The path of a summary that another reader generated (the fake model writes it) and could share:
 * what a signed-out visitor opens from a shared link. Each spec uses its own book: generate.e2e
 * expects the first Atomic Habits of each language, and catalog.e2e Deep Work, to be new.
 */
export async function sharedSummaryPath(bookTitle: string, bookAuthor: string): Promise<string> {
  const sharer = await signUpViaApi(uniqueEmail('sharer'), { language: 'en' });
  const response = await fetch(`${baseURL()}/api/summaries`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${sharer.access_token}`,
      'X-Forwarded-For': visitorAddress(),
    },
    body: JSON.stringify({ bookTitle, bookAuthor, language: 'en' }),
  });
  expect(response.status).toBe(200);
  const { summaryId } = (await response.json()) as GenerateSummaryResponse;
  return `/summary/${summaryId}`;
}
