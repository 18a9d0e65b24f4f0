import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '@summa/shared';
import type { Transaction } from '../../db/database.js';
import { authSessions, users } from '../../db/schema/index.js';

/** The account, its row locked for the change; with every admin locked too, so two demotions cannot pass each other. */
export async function lockAccountForRole(
  tx: Transaction,
  userId: string,
): Promise<{ email: string; role: Role; confirmed: boolean; admins: number } | undefined> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  const [account] = await tx
    .select({ email: users.email, role: users.role, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!account) return undefined;
  return {
    email: account.email,
    role: account.role,
    confirmed: account.confirmedAt !== null,
    admins: admins.length,
  };
}

export async function updateRole(tx: Transaction, userId: string, role: Role): Promise<void> {
  await tx
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The account's e-mail, or undefined for no such account. */
export async function findAccountEmail(tx: Transaction, userId: string): Promise<string | undefined> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** Revokes every live session of the account (and so every refresh token of theirs). */
export async function revokeAllSessions(tx: Transaction, userId: string): Promise<number> {
  const rows = await tx
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.length;
}
