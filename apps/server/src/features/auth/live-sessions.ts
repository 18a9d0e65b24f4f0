import { CACHE_SETTINGS, createMemoryCache } from '../../cache/memory-cache.js';

/**
 * How long an instance trusts a session it found live. Revocations made on this instance take
 * effect at once (`forgetSessions`); another instance's revocation within this time. It spares
 * every authenticated request a database round trip.
 */
export const SESSION_CHECK_TTL_MS = CACHE_SETTINGS.liveSession.ttlMs;

interface LiveSession<Account> {
  userId: string;
  account: Account;
  /** When the database last found the session live (wall clock). */
  checkedAt: number;
}

/** The session's account (what a request needs of it) when it is live, else undefined. */
export type SessionCheck<Account> = (sessionId: string, userId: string) => Promise<Account | undefined>;

/**
 * Sessions recently found live, by session id, measured on the wall clock (as tests fake it). A
 * session in use is checked again in the background once its last check is half the lifetime
 * old, so that a reader's requests do not wait on the database every SESSION_CHECK_TTL_MS (under
 * load those waits were most of the rankings' slowest answers, bench:ranking). No request is
 * accepted on a check that started longer ago than the lifetime.
 */
export class LiveSessions<Account> {
  private readonly sessions = createMemoryCache<LiveSession<Account>>('liveSession', {
    now: () => Date.now(),
    staleAtLifetime: true,
  });
  private readonly rechecking = new Set<string>();
  /** Counts `forget` calls: a check that started before one is not remembered. */
  private forgets = 0;

  constructor(
    private readonly check: SessionCheck<Account>,
    private readonly onRecheckError: (error: unknown) => void,
  ) {}

  /** The session's account when it is live (and belongs to `userId`), else undefined. */
  async account(sessionId: string, userId: string): Promise<Account | undefined> {
    return this.known(sessionId, userId) ?? this.checkNow(sessionId, userId);
  }

  /**
   * The session's account when this instance found it live within the lifetime, without waiting
   * on the database; undefined means "ask `account`".
   */
  known(sessionId: string, userId: string): Account | undefined {
    const session = this.sessions.get(sessionId);
    const age = session ? Date.now() - session.checkedAt : Infinity;
    if (session?.userId !== userId || age >= SESSION_CHECK_TTL_MS) return undefined;
    if (age >= SESSION_CHECK_TTL_MS / 2) this.recheck(sessionId, session);
    return session.account;
  }

  forget(which: { sessionId: string } | { userId: string }): void {
    this.forgets += 1;
    if ('sessionId' in which) {
      this.sessions.delete(which.sessionId);
      return;
    }
    const sessionIds = [...this.sessions.entries()]
      .filter(([, session]) => session.userId === which.userId)
      .map(([sessionId]) => sessionId);
    for (const sessionId of sessionIds) this.sessions.delete(sessionId);
  }

  private async checkNow(sessionId: string, userId: string): Promise<Account | undefined> {
    const forgetsBefore = this.forgets;
    const checkedAt = Date.now();
    const account = await this.check(sessionId, userId);
    if (account && this.forgets === forgetsBefore) {
      this.sessions.set(sessionId, { userId, account, checkedAt });
    }
    return account;
  }

  /** Checks a session again without holding up the request; a failure leaves it to expire. */
  private recheck(sessionId: string, session: LiveSession<Account>): void {
    if (this.rechecking.has(sessionId)) return;
    this.rechecking.add(sessionId);
    const forgetsBefore = this.forgets;
    const checkedAt = Date.now();
    this.check(sessionId, session.userId)
      .then((account) => {
        // Only the entry this check started from is replaced: a sign-out meanwhile wins.
        if (this.forgets !== forgetsBefore || this.sessions.peek(sessionId) !== session) return;
        if (account) this.sessions.set(sessionId, { ...session, account, checkedAt });
        else this.sessions.delete(sessionId);
      }, this.onRecheckError)
      .finally(() => this.rechecking.delete(sessionId));
  }
}
