import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import {
  authSessions,
  passwordResetTokens,
  refreshTokens,
  users,
  type SignInMethod,
} from '../../db/schema/index.js';

export interface NewRefreshToken {
  hash: string;
  expiresAt: Date;
}

/** How a session began, as the reader's list of devices and the deletion's re-authentication read it. */
export interface SignInRecord {
  method: SignInMethod;
  /** The User-Agent header, when the browser sent one. */
  userAgent: string | undefined;
}

/** A User-Agent longer than this is cut: it is only parsed for display. */
const USER_AGENT_MAX_LENGTH = 512;

export async function createSession(
  db: Database,
  userId: string,
  refresh: NewRefreshToken,
  signIn: SignInRecord,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(authSessions)
      .values({
        userId,
        signInMethod: signIn.method,
        userAgent: signIn.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      })
      .returning({ id: authSessions.id });
    if (!session) throw new Error('session not created');
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: refresh.hash, sessionId: session.id, expiresAt: refresh.expiresAt });
    return session.id;
  });
}

/** The user and e-mail of each of these sessions that is not revoked, by session id. */
const activeSessions = preparedPerDatabase((db) =>
  db
    .select({ sessionId: authSessions.id, userId: authSessions.userId, email: users.email, role: users.role })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    // One array parameter, not a list: the statement's text is the same for any batch size.
    .where(
      and(
        sql`${authSessions.id} = any(${sql.placeholder('sessionIds')}::uuid[])`,
        isNull(authSessions.revokedAt),
      ),
    )
    .prepare('active_sessions'),
);

export async function findActiveSessions(
  db: Database,
  sessionIds: readonly string[],
): Promise<Map<string, { userId: string; email: string; role: Role }>> {
  const rows = await activeSessions(db).execute({ sessionIds: [...sessionIds] });
  return new Map(rows.map(({ sessionId, ...session }) => [sessionId, session]));
}

export type RotationResult =
  | { kind: 'rotated' | 'grace'; sessionId: string; userId: string }
  /** A token used again after its grace: the whole family has just been revoked. */
  | { kind: 'reused'; sessionId: string; userId: string }
  | { kind: 'invalid' };

/**
 * Spends a refresh token and stores its successor, atomically: of two concurrent refreshes the
 * second waits on the row lock of the first and then sees the token as rotated. A rotated token
 * presented again within `graceSeconds` (tabs refreshing together) gets a successor of the same
 * family; later, it is taken as stolen and the family is revoked.
 */
export async function rotateRefreshToken(
  db: Database,
  tokenHash: string,
  successor: NewRefreshToken,
  graceSeconds: number,
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ sessionId: refreshTokens.sessionId });

    const [token] = await tx
      .select({
        sessionId: refreshTokens.sessionId,
        userId: authSessions.userId,
        revoked: sql<boolean>`${authSessions.revokedAt} is not null`,
        expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
        inGrace: sql<boolean>`coalesce(${refreshTokens.rotatedAt} > now() - make_interval(secs => ${graceSeconds}), false)`,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!token || token.revoked || token.expired) return { kind: 'invalid' };

    const family = { sessionId: token.sessionId, userId: token.userId };
    if (!spent && !token.inGrace) {
      await tx
        .update(authSessions)
        .set({ revokedAt: sql`now()` })
        .where(eq(authSessions.id, token.sessionId));
      return { kind: 'reused', ...family };
    }
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: successor.hash, sessionId: token.sessionId, expiresAt: successor.expiresAt });
    await tx
      .update(authSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(authSessions.id, token.sessionId));
    return { kind: spent ? 'rotated' : 'grace', ...family };
  });
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/**
 * Sets a new password hash and signs out every session but `keepSessionId` (all of them when
 * undefined); unused reset links of the user stop working too.
 */
export async function replacePassword(
  db: Database,
  userId: string,
  passwordHash: string,
  keepSessionId: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx
      .update(authSessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
          keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
        ),
      );
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  });
}

/** The user a refresh token belongs to, used or not, for per-account rate limits. */
export async function findRefreshTokenUser(db: Database, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: authSessions.userId })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row?.userId;
}

export interface LiveSessionRow {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/**
 * The reader's sessions that can still be used: not revoked, and holding a refresh token that is
 * neither spent nor expired (a session whose tokens all lapsed is signed out in effect), newest first.
 */
export async function findLiveSessions(db: Database, userId: string): Promise<LiveSessionRow[]> {
  return db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.sessionId} = ${authSessions.id}
          and ${refreshTokens.rotatedAt} is null and ${refreshTokens.expiresAt} > now())`,
      ),
    )
    .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.id));
}

/** Revokes one of the reader's sessions; false when the reader has no such live session. */
export async function revokeOwnSession(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)),
    )
    .returning({ id: authSessions.id });
  return rows.length > 0;
}

/** How and when a session was signed in (for re-authentication), or undefined for an unknown one. */
export async function findSignIn(
  db: Database,
  sessionId: string,
): Promise<{ method: SignInMethod | null; signedInAt: Date } | undefined> {
  const [row] = await db
    .select({ method: authSessions.signInMethod, signedInAt: authSessions.createdAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row;
}
