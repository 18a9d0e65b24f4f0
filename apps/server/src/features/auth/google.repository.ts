import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Language } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { oauthHandoffs, oauthStates } from '../../db/schema/index.js';

export interface PendingSignIn {
  stateHash: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  signupLanguage: Language | null;
  signupPath: string | null;
  signupCountry: string | null;
  expiresAt: Date;
}

export async function savePendingSignIn(db: Database, pending: PendingSignIn): Promise<void> {
  // Abandoned sign-ins are swept here rather than by a scheduler.
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
  await db.insert(oauthStates).values(pending);
}

/** Takes (and so ends) a pending sign-in: a state works once, and only before it expires. */
export async function takePendingSignIn(db: Database, stateHash: string): Promise<PendingSignIn | undefined> {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, sql`now()`)))
    .returning({
      stateHash: oauthStates.stateHash,
      codeVerifier: oauthStates.codeVerifier,
      nonce: oauthStates.nonce,
      redirectUri: oauthStates.redirectUri,
      signupLanguage: oauthStates.signupLanguage,
      signupPath: oauthStates.signupPath,
      signupCountry: oauthStates.signupCountry,
      expiresAt: oauthStates.expiresAt,
    });
  return row;
}

export async function createHandoff(
  db: Database,
  handoff: { codeHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.delete(oauthHandoffs).where(lt(oauthHandoffs.expiresAt, sql`now()`));
  await db.insert(oauthHandoffs).values(handoff);
}

/** The user of a one-time hand-off code: it works once, and only before it expires. */
export async function takeHandoff(db: Database, codeHash: string): Promise<string | undefined> {
  const [row] = await db
    .delete(oauthHandoffs)
    .where(and(eq(oauthHandoffs.codeHash, codeHash), gt(oauthHandoffs.expiresAt, sql`now()`)))
    .returning({ userId: oauthHandoffs.userId });
  return row?.userId;
}
