import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { batchedReads } from '../../db/batched-reads.js';
import type { AuthenticatedUser, SessionCheck, SessionsToForget } from '../../ports/session-check.js';
import { LiveSessions } from './live-sessions.js';
import { findActiveSessions } from './sessions.repository.js';
import type { AccessTokens } from './tokens.service.js';

export interface SessionCheckDeps {
  db: Database;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
}

/**
 * The SessionCheck port (plugins/auth.ts): an access token's signature, then its session, which
 * this instance trusts for SESSION_CHECK_TTL_MS after the database found it live. The checks of
 * many requests are read together (batchedReads).
 */
export class SessionCheckService implements SessionCheck {
  private readonly live: LiveSessions<{ email: string; role: Role }>;

  constructor(private readonly deps: SessionCheckDeps) {
    // One read in flight: the check has one connection (ADR 41), and the keys asked for while a
    // read is in flight gather into the next one instead of queueing one read per turn behind it.
    const readSession = batchedReads((sessionIds) => findActiveSessions(deps.db, sessionIds), {
      inFlight: 1,
    });
    this.live = new LiveSessions(
      async (sessionId, userId) => {
        const session = await readSession(sessionId);
        return session?.userId === userId ? { email: session.email, role: session.role } : undefined;
      },
      (error) => deps.log.warn({ err: error }, 'a background check of a live session failed'),
    );
  }

  async identify(accessToken: string): Promise<AuthenticatedUser | undefined> {
    const claims = await this.deps.accessTokens.verify(accessToken);
    if (!claims) return undefined;
    // The session row is checked (at most SESSION_CHECK_TTL_MS ago), so a signed-out token
    // stops working and a role change takes effect.
    const account = await this.live.account(claims.sessionId, claims.userId);
    if (!account) return undefined;
    return { id: claims.userId, email: account.email, role: account.role, sessionId: claims.sessionId };
  }

  identifyKnown(accessToken: string): AuthenticatedUser | undefined {
    const claims = this.deps.accessTokens.known(accessToken);
    const account = claims && this.live.known(claims.sessionId, claims.userId);
    if (!claims || !account) return undefined;
    return { id: claims.userId, email: account.email, role: account.role, sessionId: claims.sessionId };
  }

  forget(which: SessionsToForget): void {
    this.live.forget(which);
  }
}
