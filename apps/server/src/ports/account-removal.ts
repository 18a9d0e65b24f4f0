import type { AuditStep } from './admin-audit.js';

/**
 * The deletion of an account, the same one a reader does from Settings (features/account),
 * reached by the admin console without the reader's password: their subscription is cancelled,
 * their rows go in one transaction (which also writes the admin's audit row), their sessions end.
 * 404 NOT_FOUND for no such account.
 */
export interface AccountRemoval {
  removeAccount(userId: string, audit: AuditStep): Promise<void>;
}
