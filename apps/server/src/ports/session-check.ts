import type { Role } from '@summa/shared';

/** Who made an authenticated request; set by `app.authenticate`. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  role: Role;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

/** Which sessions to stop trusting: one, or every session of a user. */
export type SessionsToForget = { sessionId: string } | { userId: string };

/**
 * How a request's bearer token becomes a user: implemented by features/auth
 * (session-check.service.ts), bound in the composition root, used by plugins/auth.ts for
 * `app.authenticate`, `app.requireAdmin` and `app.identify`.
 */
export interface SessionCheck {
  /**
   * The user of a valid access token whose session is live (a check of the session at most
   * SESSION_CHECK_TTL_MS old), with the account's e-mail and role; undefined otherwise.
   */
  identify(accessToken: string): Promise<AuthenticatedUser | undefined>;
  /**
   * `identify`'s answer when this instance already trusts the token and its session, found
   * without waiting on anything (most requests: no promise to make); undefined means "ask identify".
   */
  identifyKnown(accessToken: string): AuthenticatedUser | undefined;
  /** Call after revoking sessions, so this instance stops accepting them at once. */
  forget(which: SessionsToForget): void;
}
