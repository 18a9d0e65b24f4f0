import type { FastifyBaseLogger } from 'fastify';
import type { AccountExport } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { AccountDeletionStep } from '../../ports/account-deletion.js';
import type { AccountRemoval } from '../../ports/account-removal.js';
import type { AuditStep } from '../../ports/admin-audit.js';
import type { ReaderReauthentication } from '../../ports/reader-reauthentication.js';
import type { SessionsToForget } from '../../ports/session-check.js';
import type { SubscriptionCancellation } from '../../ports/subscription-cancellation.js';
import type { ObjectStorage } from '../../providers/storage/object-storage.js';
import {
  deleteAccount,
  findOrphanedFiles,
  forgetOrphanedFile,
  readPersonalData,
} from './personal-data.repository.js';

/** How many orphaned files one start removes (the rest wait for the next start). */
const SWEEP_BATCH = 500;

export interface AccountDeps {
  db: Database;
  storage: Pick<ObjectStorage, 'delete'>;
  /** The password, or a recent Google sign-in (features/auth). */
  reauthentication: ReaderReauthentication;
  /** A paid subscription ends before its reader (features/billing). */
  subscriptions: SubscriptionCancellation;
  /** What other features keep about the reader outside the account's rows (gamification's rank counts). */
  deletionSteps: readonly AccountDeletionStep[];
  /** This instance stops trusting the deleted reader's sessions at once (the SessionCheck port). */
  forgetSessions: (which: SessionsToForget) => void;
  log: FastifyBaseLogger;
  now?: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reader's data as a whole: all of it as one file, or all of it gone (ADR 0023). */
export class AccountService implements AccountRemoval {
  constructor(private readonly deps: AccountDeps) {}

  async export(userId: string): Promise<AccountExport> {
    const tables = await readPersonalData(this.deps.db, userId);
    if (!tables) throw new AppError('UNAUTHORIZED', 401);
    return {
      format: 'summa-export/1',
      exportedAt: (this.deps.now?.() ?? new Date()).toISOString(),
      userId,
      tables,
    };
  }

  /**
   * Deletes the reader's account: they prove it is them, their subscription is cancelled at once
   * (if Stripe refuses, nothing is deleted: 502 SUBSCRIPTION_CANCEL_FAILED), then one transaction
   * removes their rows; their avatar's file goes after it commits. Every session ends, and the
   * address may sign up again.
   */
  async delete(reader: { id: string; sessionId: string }, password: string | undefined): Promise<void> {
    await this.deps.reauthentication.confirmReader(reader, password);
    if (!(await this.remove(reader.id, undefined))) throw new AppError('UNAUTHORIZED', 401);
  }

  /**
   * The AccountRemoval port: the same deletion, asked for by an admin (no password: the admin's
   * role is the proof), with the admin's audit row in the deletion's transaction. 404 for no such
   * account.
   */
  async removeAccount(userId: string, audit: AuditStep): Promise<void> {
    if (!UUID.test(userId) || !(await this.remove(userId, audit))) throw new AppError('NOT_FOUND', 404);
  }

  /** Cancels the subscription, then deletes in one transaction; false for no such account. */
  private async remove(userId: string, audit: AuditStep | undefined): Promise<boolean> {
    const { db, deletionSteps, log } = this.deps;
    await this.deps.subscriptions.cancelNow(userId);
    const deleted = await deleteAccount(db, userId, async (tx, email) => {
      for (const step of deletionSteps) await step.withinDeletion(tx, userId);
      await audit?.(tx, email);
    });
    if (!deleted) return false;
    this.deps.forgetSessions({ userId });
    for (const step of deletionSteps) step.afterDeletion(userId);
    log.info({ userId, byAdmin: audit !== undefined }, 'account deleted');
    if (deleted.avatarKey) await this.removeFile(deleted.avatarKey);
    return true;
  }

  /**
   * At start: removes the files of owners deleted by a process that stopped before removing them.
   * Answers how many went.
   */
  async sweepOrphanedFiles(): Promise<number> {
    let removed = 0;
    for (const key of await findOrphanedFiles(this.deps.db, SWEEP_BATCH)) {
      if (await this.removeFile(key)) removed += 1;
    }
    return removed;
  }

  /** A failure leaves the record, so that the next start tries again. */
  private async removeFile(key: string): Promise<boolean> {
    try {
      await this.deps.storage.delete(key);
      await forgetOrphanedFile(this.deps.db, key);
      return true;
    } catch (error) {
      this.deps.log.warn({ err: error, key }, 'could not remove the file of a deleted account');
      return false;
    }
  }
}
