import type { Transaction } from '../db/database.js';

/**
 * What a feature keeps about a reader outside the rows that go with their account (those go by
 * the database's cascades), undone when the account is deleted (ADR 0023). Bound in the
 * composition root and run by features/account.
 */
export interface AccountDeletionStep {
  /**
   * Inside the deletion's one transaction, before the account's rows go: a throw undoes the
   * whole deletion, so the account stays whole.
   */
  withinDeletion(tx: Transaction, userId: string): Promise<void>;
  /** Once the deletion committed: what this instance holds in memory about the reader. */
  afterDeletion(userId: string): void;
}
