import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { gamificationClient } from '../../test/gamification-client.js';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { TEST_DATABASES } from '../../test/test-app.js';
import { signUpTestUser } from '../../test/test-users.js';
import { SummariesService } from './summaries.service.js';

/** The database, counting the queries made through it (every read here starts with `select`). */
function counted(db: Database): { db: Database; selects: () => number } {
  let selects = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select') selects += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { db: proxy, selects: () => selects };
}

// SummarySource.inHistory, which every XP award asks first (progress.service.ts).
describe.each(TEST_DATABASES)("whether a summary is in a reader's history on %s", (kind) => {
  const context = useAppWithFakeModels(kind);
  const api = gamificationClient(() => context.app);
  const plan = { planOf: async () => 'free' as const };

  it('answers the checks made together with one query, each for its own pair', async () => {
    const author = await signUpTestUser(context.app);
    const other = await signUpTestUser(context.app);
    const summaryId = await api.summaryFor(author, 'Deep Work');
    const { db, selects } = counted(context.database.db);
    const summaries = new SummariesService({ db, plan });
    const answers = await Promise.all([
      summaries.inHistory(author.session.user.id, summaryId),
      summaries.inHistory(other.session.user.id, summaryId),
      summaries.inHistory(author.session.user.id, randomUUID()),
      summaries.inHistory(author.session.user.id, 'not-an-id'),
    ]);
    expect(answers).toEqual([true, false, false, false]);
    expect(selects()).toBe(1);
  });

  it('knows without a query a summary the reader opened here, and sees one opened elsewhere at once', async () => {
    const author = await signUpTestUser(context.app);
    const reader = await signUpTestUser(context.app);
    const readerId = reader.session.user.id;
    const summaryId = await api.summaryFor(author, 'The Lean Startup');
    const here = counted(context.database.db);
    const summaries = new SummariesService({ db: here.db, plan });
    const elsewhere = new SummariesService({ db: context.database.db, plan });

    // Not in the list yet: a "no" is never kept.
    expect(await summaries.inHistory(readerId, summaryId)).toBe(false);
    await elsewhere.read(readerId, summaryId);
    expect(await summaries.inHistory(readerId, summaryId)).toBe(true);

    const other = await api.summaryFor(author, 'Atomic Habits');
    await summaries.read(readerId, other);
    const before = here.selects();
    expect(await summaries.inHistory(readerId, other)).toBe(true);
    expect(here.selects()).toBe(before);
  });
});
