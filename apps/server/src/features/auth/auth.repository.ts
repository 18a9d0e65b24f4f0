import { and, eq, sql } from 'drizzle-orm';
import type { Language, PlanType, Role } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { effectivePlan } from '../../db/effective-plan.js';
import { profiles, userIdentities, users, userSignups, userSubscriptions } from '../../db/schema/index.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SignupMetadata {
  method: 'password' | 'google';
  language: Language;
  path: string | undefined;
  country: string | undefined;
}

export interface NewUser {
  email: string;
  fullName: string;
  passwordHash: string | null;
  signup: SignupMetadata;
}

export interface AccountRow {
  id: string;
  email: string;
  fullName: string;
  preferredLanguage: Language;
  plan: PlanType;
  role: Role;
  emailConfirmed: boolean;
  hasPassword: boolean;
  createdAt: Date;
}

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/** User, profile (in the sign-up language), free subscription and sign-up metadata, together. */
async function insertUser(tx: Transaction, user: NewUser): Promise<string | undefined> {
  const [created] = await tx
    .insert(users)
    .values({ email: user.email, fullName: user.fullName, passwordHash: user.passwordHash })
    // The unique index on lower(email) makes a taken e-mail insert nothing.
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created) return undefined;
  await tx.insert(profiles).values({ id: created.id, preferredLanguage: user.signup.language });
  await tx.insert(userSubscriptions).values({ userId: created.id, plan: 'free' });
  await tx.insert(userSignups).values({
    userId: created.id,
    method: user.signup.method,
    language: user.signup.language,
    path: user.signup.path ?? null,
    country: user.signup.country ?? null,
  });
  return created.id;
}

/** The new user's id, or undefined when the e-mail already has an account. */
export async function createUser(db: Database, user: NewUser): Promise<string | undefined> {
  return db.transaction((tx) => insertUser(tx, user));
}

/** A new user signed in with an external identity, or undefined when the e-mail is taken. */
export async function createUserWithIdentity(
  db: Database,
  user: NewUser,
  identity: { provider: 'google'; subject: string },
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const userId = await insertUser(tx, user);
    if (userId) await tx.insert(userIdentities).values({ ...identity, userId, email: user.email });
    return userId;
  });
}

export async function findCredentialsByEmail(
  db: Database,
  email: string,
): Promise<{ id: string; passwordHash: string | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(email))
    .limit(1);
  return row;
}

export async function findPasswordHash(db: Database, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row ? row.passwordHash : undefined;
}

export async function findAccount(db: Database, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      preferredLanguage: sql<Language>`coalesce(${profiles.preferredLanguage}, 'pt')`,
      plan: effectivePlan(users.id),
      role: users.role,
      emailConfirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  return row?.id;
}

export async function findUserIdByIdentity(
  db: Database,
  provider: 'google',
  subject: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row?.userId;
}

export async function linkIdentity(
  db: Database,
  identity: { provider: 'google'; subject: string; userId: string; email: string },
): Promise<void> {
  await db.insert(userIdentities).values(identity).onConflictDoNothing();
}
