import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { authSessions, emailConfirmationTokens, passwordResetTokens, users } from '../../db/schema/index.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Whether `address` is one of ADMIN_EMAILS (lowercased); false for an empty list. */
function listed(address: SQL, adminEmails: readonly string[]): SQL {
  if (adminEmails.length === 0) return sql`false`;
  return sql`lower(${address}) in (${sql.join(
    adminEmails.map((email) => sql`${email}`),
    sql`, `,
  )})`;
}

/** Whether the account's address is one of ADMIN_EMAILS. */
function listedAdmin(adminEmails: readonly string[]): SQL {
  return listed(sql`${users.email}`, adminEmails);
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

/** What opening a confirmation link did. */
export type ConfirmationOutcome =
  /** The account's own address is proven. */
  | { kind: 'confirmed'; userId: string }
  /** The link was sent to a new address the reader asked for: it is now the account's, proven. */
  | { kind: 'changed'; userId: string; previousEmail: string; email: string }
  /** The new address became another account's after the link was sent: nothing changed. */
  | { kind: 'taken' }
  /** An unknown, used or expired link. */
  | { kind: 'invalid' };

/**
 * Spends a confirmation link, in one transaction. A link bound to the account's address proves
 * it; a link bound to another address (an address change, ADR 0023) makes that address the
 * account's, proven, with the role ADMIN_EMAILS gives it, and spends the account's other unused
 * links and its reset links, which were mailed to the old address.
 */
export async function confirmWithToken(
  db: Database,
  tokenHash: string,
  adminEmails: readonly string[],
): Promise<ConfirmationOutcome> {
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
    if (!token) return { kind: 'invalid' };
    const [account] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, token.userId))
      .for('update');
    if (!account) return { kind: 'invalid' };
    if (account.email.toLowerCase() === token.email.toLowerCase()) {
      await confirmAddress(tx, token.userId, token.email, adminEmails);
      return { kind: 'confirmed', userId: token.userId };
    }
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${token.email})`, ne(users.id, token.userId)));
    if (other) return { kind: 'taken' };
    await tx
      .update(users)
      .set({
        email: token.email,
        emailConfirmedAt: sql`now()`,
        // A listed new address seeds the role; an admin's role stays theirs (ADR 0030).
        role: sql`case when ${listed(sql`${token.email}`, adminEmails)} then 'admin' else ${users.role} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, token.userId));
    await spendOtherLinks(tx, token.userId);
    return { kind: 'changed', userId: token.userId, previousEmail: account.email, email: token.email };
  });
}

/** The account's unused confirmation and reset links stop working. */
async function spendOtherLinks(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(emailConfirmationTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailConfirmationTokens.userId, userId), isNull(emailConfirmationTokens.usedAt)));
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * A link for a change of address: the reader's earlier unused change links (those bound to an
 * address other than the account's) stop working, so only the newest asked-for address can win.
 */
export async function createChangeToken(
  db: Database,
  token: { hash: string; userId: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(emailConfirmationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailConfirmationTokens.userId, token.userId),
          isNull(emailConfirmationTokens.usedAt),
          sql`lower(${emailConfirmationTokens.email}) <> (select lower(${users.email}) from ${users} where ${users.id} = ${token.userId})`,
        ),
      );
    await tx.insert(emailConfirmationTokens).values({
      tokenHash: token.hash,
      userId: token.userId,
      email: token.email,
      expiresAt: token.expiresAt,
    });
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
 * Seeds the admin role at start: proven addresses ADMIN_EMAILS lists become admins. It never
 * takes the role away: roles live in the database, and admins change them in the console
 * (ADR 0030). Returns how many addresses are listed and how many of them have a proven account.
 */
export async function syncAdminRoles(
  db: Database,
  adminEmails: readonly string[],
): Promise<{ listed: number; confirmed: number }> {
  const promoted = await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(listedAdmin(adminEmails), sql`${users.emailConfirmedAt} is not null`))
    .returning({ id: users.id });
  return { listed: adminEmails.length, confirmed: promoted.length };
}
