import type { FastifyBaseLogger } from 'fastify';
import type { AccountExport } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { AccountDeletionStep } from '../../ports/account-deletion.js';
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

/** The reader's data as a whole: all of it as one file, or all of it gone (ADR 0023). */
export class AccountService {
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
    const { db, deletionSteps, log } = this.deps;
    await this.deps.reauthentication.confirmReader(reader, password);
    await this.deps.subscriptions.cancelNow(reader.id);
    const deleted = await deleteAccount(db, reader.id, async (tx) => {
      for (const step of deletionSteps) await step.withinDeletion(tx, reader.id);
    });
    if (!deleted) throw new AppError('UNAUTHORIZED', 401);
    this.deps.forgetSessions({ userId: reader.id });
    for (const step of deletionSteps) step.afterDeletion(reader.id);
    log.info({ userId: reader.id }, 'account deleted');
    if (deleted.avatarKey) await this.removeFile(deleted.avatarKey);
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
