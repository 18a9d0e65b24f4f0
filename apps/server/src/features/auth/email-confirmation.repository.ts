import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { authSessions, emailConfirmationTokens, users } from '../../db/schema/index.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Whether the account's address is one of ADMIN_EMAILS (lowercased); false for an empty list. */
function listedAdmin(adminEmails: readonly string[]): SQL {
  if (adminEmails.length === 0) return sql`false`;
  return sql`lower(${users.email}) in (${sql.join(
    adminEmails.map((email) => sql`${email}`),
    sql`, `,
  )})`;
}

export async function createConfirmationToken(
  db: Database,
  token: { hash: string; userId: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailConfirmationTokens).values({
    tokenHash: token.hash,
    userId: token.userId,
    email: token.email,
    expiresAt: token.expiresAt,
  });
}

/**
 * Marks the account's address proven (when `email` is given, only while it is still the
 * account's address) and gives it the admin role when ADMIN_EMAILS lists it. Returns whether the
 * account was found with that address.
 */
export async function confirmAddress(
  db: Database | Transaction,
  userId: string,
  email: string | undefined,
  adminEmails: readonly string[],
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
      role: sql`case when ${listedAdmin(adminEmails)} then 'admin' else ${users.role} end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.id, userId),
        email === undefined ? undefined : sql`lower(${users.email}) = lower(${email})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Spends a confirmation link and proves its address, in one transaction. Returns the account's
 * id, or undefined for an unknown, used or expired link, or one whose address is no longer the
 * account's.
 */
export async function confirmWithToken(
  db: Database,
  tokenHash: string,
  adminEmails: readonly string[],
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [token] = await tx
      .update(emailConfirmationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailConfirmationTokens.tokenHash, tokenHash),
          isNull(emailConfirmationTokens.usedAt),
          gt(emailConfirmationTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailConfirmationTokens.userId, email: emailConfirmationTokens.email });
    if (!token) return undefined;
    return (await confirmAddress(tx, token.userId, token.email, adminEmails)) ? token.userId : undefined;
  });
}

/**
 * Google vouches for the address of an account: proves it. When the account was not proven yet
 * and has a password, whoever chose that password never proved the address (a stranger may have
 * signed up with it): the password is cleared and every session signed out, so the address's
 * owner takes the account over. Returns whether sessions were signed out.
 */
export async function confirmByIdentityProvider(
  db: Database,
  userId: string,
  email: string,
  adminEmails: readonly string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ confirmedAt: users.emailConfirmedAt, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
      .for('update');
    if (!account) return false;
    const takeOver = account.confirmedAt === null && account.passwordHash !== null;
    if (takeOver) {
      await tx.update(users).set({ passwordHash: null }).where(eq(users.id, userId));
      await tx
        .update(authSessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    }
    await confirmAddress(tx, userId, email, adminEmails);
    return takeOver;
  });
}

/**
 * Makes the admin role follow ADMIN_EMAILS at start: proven addresses on the list become admins,
 * and admins no longer on the list (or never proven) become readers. Returns how many addresses
 * are listed and how many of them have a proven account.
 */
export async function syncAdminRoles(
  db: Database,
  adminEmails: readonly string[],
): Promise<{ listed: number; confirmed: number }> {
  const listed = listedAdmin(adminEmails);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ role: 'user', updatedAt: sql`now()` })
      .where(and(eq(users.role, 'admin'), sql`not (${listed} and ${users.emailConfirmedAt} is not null)`));
    const promoted = await tx
      .update(users)
      .set({ role: 'admin' })
      .where(and(listed, sql`${users.emailConfirmedAt} is not null`))
      .returning({ id: users.id });
    return { listed: adminEmails.length, confirmed: promoted.length };
  });
}
