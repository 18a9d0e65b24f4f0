import { describe, expect, it } from 'vitest';
import { useAppWithFakeModels } from '../../test/app-with-fake-models.js';
import { TEST_DATABASES } from '../../test/test-app.js';
import { gamificationClient } from '../../test/gamification-client.js';
import { signUpTestUser } from '../../test/test-users.js';
import type { SummarySource } from '../../ports/summary-source.js';
import { loadAchievements } from './achievements.js';
import { ProgressService } from './progress.service.js';

// A generation reports its summary without waiting (ReaderActivity): the reader's reads of their
// progress on this instance must still see it, however soon they come.
describe.each(TEST_DATABASES)('activity reported without waiting on %s', (kind) => {
  const context = useAppWithFakeModels(kind);
  const api = gamificationClient(() => context.app);

  it("is seen by the reader's progress, achievements and next award asked for at once", async () => {
    const reader = await signUpTestUser(context.app);
    const userId = reader.session.user.id;
    const summaryId = await api.summaryFor(reader, 'Deep Work');
    // The app's own report of that generation is read back through the app, which waits for it.
    expect((await api.me(reader)).progress.summariesGenerated).toBe(1);
    const { db } = context.database;
    // The summary is the reader's own (they generated it), in English, of no category.
    const summaries: SummarySource = {
      byId: async () => undefined,
      topicOf: async (id) => ({ id, language: 'en', category: null }),
      inHistory: async () => true,
      feedbackGiven: async () => false,
    };
    const progress = new ProgressService({ db, summaries, achievements: loadAchievements() });

    const summary = { type: 'summary_generated', userId, summaryId } as const;
    // Not awaited, as a generation does: the write starts on the next turn of the event loop.
    const recorded = progress.record(summary);
    expect((await progress.progress(userId)).summariesGenerated).toBe(2);

    void progress.record(summary);
    const achievements = await progress.achievements(userId);
    const firstSummary = achievements.achievements.find((item) => item.key === 'first_summary');
    expect(firstSummary?.unlockedAt).not.toBeNull();

    void progress.record(summary);
    const award = await progress.award(userId, { eventType: 'read_summary', subjectId: summaryId });
    expect(award.progress.summariesGenerated).toBe(4);
    await recorded;
  });
});
