import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { languageEnum, readerIdColumn, users } from './accounts.js';

/** How a session was signed in: a password, Google, a recovery link, or the sign-up itself. */
export const SIGN_IN_METHODS = ['password', 'google', 'recovery', 'signup'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Secrets generated once and shared by every instance on the database (the JWT key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt,
});

/** Where and how an account was created (spec §3 sign-up metadata). */
export const userSignups = pgTable('user_signups', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['password', 'google'] }).notNull(),
  language: languageEnum('language').notNull(),
  path: text('path'),
  country: text('country'),
  createdAt,
});

/** External sign-in accounts linked to a user, e.g. Google's `sub`. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider', { enum: ['google'] }).notNull(),
    subject: text('subject').notNull(),
    userId: readerIdColumn(),
    email: text('email'),
    createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('user_identities_user_idx').on(table.userId),
  ],
);

/**
 * One row per sign-in: the `session_id` claim of access tokens and the family of its refresh
 * tokens. Revoking it signs out every token of the family at once.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: readerIdColumn(),
    createdAt,
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser's User-Agent at sign-in, for the reader's list of devices (cut to 512 characters). */
    userAgent: text('user_agent'),
    /** A sign-in or a refresh: when the session was last used to renew its tokens. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * How the reader proved it was them: deleting an account without a password needs a Google
     * sign-in of the last minutes. Null for sessions made before it was recorded.
     */
    signInMethod: text('sign_in_method', { enum: SIGN_IN_METHODS }),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/** Single-use refresh tokens, stored as sha256 hashes; `rotated_at` marks a used one. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** One-time password-reset links, stored as sha256 hashes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: readerIdColumn(),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * One-time e-mail confirmation links, stored as sha256 hashes. A link proves the address it was
 * sent to (`email`), so a link mailed before an address change proves nothing about the new one.
 */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: readerIdColumn(),
    email: text('email').notNull(),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_confirmation_tokens_user_idx').on(table.userId)],
);

/**
 * A Google sign-in in progress, kept in the database so that any instance can finish it:
 * state (hashed), PKCE verifier, nonce and the pending sign-up metadata.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    signupLanguage: languageEnum('signup_language'),
    signupPath: text('signup_path'),
    signupCountry: text('signup_country'),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('oauth_states_expires_idx').on(table.expiresAt)],
);

/** One-time codes that hand a finished Google sign-in to the web app (hashed). */
export const oauthHandoffs = pgTable(
  'oauth_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: readerIdColumn(),
    createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('oauth_handoffs_expires_idx').on(table.expiresAt)],
);

/**
 * Rate-limit allowances shared by all instances (when REDIS_URL is unset), one row per key in
 * GCRA form: `expires_at` is when the key's full allowance is back (ADR 0012), and the row
 * means nothing after it.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_idx').on(table.expiresAt)],
);

/** The embedded mail provider: messages are stored here (and logged) instead of sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt,
  },
  (table) => [index('mail_outbox_recipient_idx').on(table.recipient)],
);

/**
 * Stored files whose owner is gone (a deleted reader's avatar), recorded in the transaction that
 * removed the owner and removed once the file is: a process that dies in between leaves the row,
 * and the next start removes the file.
 */
export const orphanedFiles = pgTable('orphaned_files', {
  key: text('key').primaryKey(),
  createdAt,
});
