import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { passwordResetTokens } from '../../db/schema/index.js';
import { confirmAddress } from './email-confirmation.repository.js';
import { replacePassword } from './sessions.repository.js';

export async function createResetToken(
  db: Database,
  token: { hash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(passwordResetTokens)
    .values({ tokenHash: token.hash, userId: token.userId, expiresAt: token.expiresAt });
}

/**
 * Spends a reset token and sets the new password in one transaction, signing out every session
 * and proving the address.
 * Returns the user's id, or undefined for an unknown, used or expired token.
 */
export async function resetPasswordWithToken(
  db: Database,
  tokenHash: string,
  passwordHash: string,
  adminEmails: readonly string[],
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [token] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!token) return undefined;
    await replacePassword(tx, token.userId, passwordHash, undefined);
    // The link reached the account's inbox: the address is proven (and its owner now holds the
    // account, every earlier session signed out).
    await confirmAddress(tx, token.userId, undefined, adminEmails);
    return token.userId;
  });
}
