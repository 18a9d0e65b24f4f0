import type { AccountSessionsResponse, RankingEntry, RankingResponse, Summary, Usage } from '@summa/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, noContent } from '../test/fake-api';
import { testAccountSessions } from '../test/account-fixture';
import { testAward, testMe } from '../test/me-fixture';
import { testQueryClient } from '../test/query-client';
import { testSession } from '../test/session-fixture';
import { createAuthClient } from './auth/auth-client';
import {
  feedbackSent,
  passwordChanged,
  profileSaved,
  sessionEnded,
  summaryGenerated,
  xpAwarded,
} from './invalidation';
import { QueryProvider } from './query-provider';
import { queryKeys } from './query-keys';

let client: QueryClient;

beforeEach(() => {
  client = testQueryClient();
});

afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

function entry(overrides: Partial<RankingEntry>): RankingEntry {
  return {
    rank: 1,
    xp: 300,
    level: 2,
    summariesCount: 3,
    nickname: 'Someone',
    anonymousCode: 'AB12',
    avatarUrl: null,
    isMe: false,
    ...overrides,
  };
}

const ME_ENTRY = entry({ rank: 2, nickname: 'Old name', avatarUrl: '/avatars/owl.svg', isMe: true });
const BOARD: RankingResponse = {
  scope: 'global',
  language: null,
  since: null,
  entries: [entry({}), ME_ENTRY],
  me: ME_ENTRY,
};

const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;

describe('what each change touches', () => {
  it('an XP award moves the progress at once and has the rankings and achievements read again', async () => {
    client.setQueryData(queryKeys.me, testMe());
    client.setQueryData(queryKeys.ranking('global', null), BOARD);
    client.setQueryData(queryKeys.ranking('language', 'pt'), { ...BOARD, scope: 'language', language: 'pt' });
    client.setQueryData(queryKeys.achievements, { achievements: [] });
    const award = testAward(10);

    await xpAwarded(client, award);

    expect(client.getQueryData(queryKeys.me)).toEqual(testMe({ progress: award.progress }));
    expect(invalidated(queryKeys.me)).toBe(false);
    expect(invalidated(queryKeys.ranking('global', null))).toBe(true);
    expect(invalidated(queryKeys.ranking('language', 'pt'))).toBe(true);
    expect(invalidated(queryKeys.achievements)).toBe(true);
  });

  it('an XP award before the progress has loaded has it loaded again, after the award', async () => {
    // The query exists (a screen asked for it) but has no answer yet.
    client.getQueryCache().build(client, { queryKey: queryKeys.me });
    await xpAwarded(client, testAward(10));
    expect(invalidated(queryKeys.me)).toBe(true);
  });

  it("a saved nickname and avatar show at once on the reader's own ranking entries, and the boards are read again", async () => {
    client.setQueryData(queryKeys.me, testMe());
    client.setQueryData(queryKeys.ranking('weekly', null), { ...BOARD, scope: 'weekly' });
    const profile = testMe({ profile: { nickname: 'New name', avatarUrl: '/avatars/fox.svg' } }).profile;

    await profileSaved(client, profile);

    expect(client.getQueryData(queryKeys.me)).toEqual(testMe({ profile }));
    const board = client.getQueryData<RankingResponse>(queryKeys.ranking('weekly', null));
    const renamed = { ...ME_ENTRY, nickname: 'New name', avatarUrl: '/avatars/fox.svg' };
    expect(board?.entries).toEqual([BOARD.entries[0], renamed]);
    expect(board?.me).toEqual(renamed);
    expect(invalidated(queryKeys.ranking('weekly', null))).toBe(true);
  });

  it("a generation takes the answer's usage and has the history, progress and rankings read again", () => {
    const usage: Usage = {
      plan: 'free',
      monthKey: '2026-03',
      summariesUsed: 3,
      summariesLimit: 10,
      audiosUsed: 0,
      audiosLimit: 10,
    };
    for (const key of [
      queryKeys.me,
      queryKeys.history(''),
      queryKeys.history('habits'),
      queryKeys.rankings,
    ]) {
      client.setQueryData(key, {});
    }
    summaryGenerated(client, usage);
    expect(client.getQueryData(queryKeys.usage)).toEqual(usage);
    expect(invalidated(queryKeys.usage)).toBe(false);
    for (const key of [
      queryKeys.me,
      queryKeys.history(''),
      queryKeys.history('habits'),
      queryKeys.rankings,
    ]) {
      expect(invalidated(key)).toBe(true);
    }
  });

  it('feedback becomes part of the summary', () => {
    const summary = { id: 's1', feedback: null } as unknown as Summary;
    client.setQueryData(queryKeys.summary('s1'), summary);
    feedbackSent(client, 's1', { vote: 'down', comment: 'Too short.' });
    expect(client.getQueryData<Summary>(queryKeys.summary('s1'))?.feedback).toEqual({
      vote: 'down',
      comment: 'Too short.',
    });
  });
});

describe('what the Account section changes', () => {
  const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;

  it('a password change has the signed-in devices read again (the others were signed out)', () => {
    client.setQueryData(queryKeys.accountSessions, { sessions: testAccountSessions() });
    passwordChanged(client);
    expect(invalidated(queryKeys.accountSessions)).toBe(true);
  });

  it('a signed-out device leaves the list at once, which is read again', async () => {
    const [phone] = testAccountSessions();
    client.setQueryData(queryKeys.accountSessions, { sessions: testAccountSessions() });
    await sessionEnded(client, phone!.id);
    const left = client.getQueryData<AccountSessionsResponse>(queryKeys.accountSessions)?.sessions;
    expect(left?.map(({ id }) => id)).not.toContain(phone!.id);
    expect(left).toHaveLength(2);
    expect(invalidated(queryKeys.accountSessions)).toBe(true);
  });
});

describe('QueryProvider', () => {
  it("forgets every answer when the reader signs out, so the next reader sees none of the last one's", async () => {
    const session = testSession();
    fakeApi({ 'POST /api/auth/login': () => json(session), 'POST /api/auth/logout': noContent });
    const auth = createAuthClient();
    await auth.signInWithPassword({ email: session.user.email, password: 'secret1' });
    render(
      <QueryProvider client={client} auth={auth}>
        <span />
      </QueryProvider>,
    );
    client.setQueryData(queryKeys.me, testMe());
    client.setQueryData(queryKeys.history(''), { items: [], total: 0, limited: false });

    await auth.signOut();

    await waitFor(() => expect(client.getQueryCache().getAll()).toEqual([]));
  });
});
