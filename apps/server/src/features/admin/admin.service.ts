import type { FastifyBaseLogger } from 'fastify';
import type { AdminAuditEntry, AdminFeedback, AdminReader, AdminUsageResponse } from '@summa/shared';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { AdminAudit, AuditEntry, AuditStep } from '../../ports/admin-audit.js';
import type { WorkLog, WorkLogEntry } from '../../ports/work-log.js';
import { WorkLogWriter } from './work-log-writer.js';
import { findReaders, insertAudit, listAudit, listFeedback, readUsage } from './admin.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AdminDeps {
  db: Database;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * The admin console's own part (ADR 0030): the audit log (the AdminAudit port), the usage log (the
 * WorkLog port) and the reads that span features (readers, feedback, usage). The actions
 * themselves are the features' own, reached through ports.
 */
export class AdminService implements AdminAudit, WorkLog {
  private readonly workLog: WorkLogWriter;

  constructor(private readonly deps: AdminDeps) {
    this.workLog = new WorkLogWriter(deps.db, deps.log);
  }

  step(admin: { id: string; email: string }, entry: AuditEntry): AuditStep {
    return async (tx, label) => {
      await insertAudit(tx, admin, { ...entry, targetLabel: entry.targetLabel ?? label ?? null });
    };
  }

  record(entry: WorkLogEntry): void {
    this.workLog.add(entry);
  }

  /** Writes the usage log's gathered lines (before the database closes). */
  flushWorkLog(): Promise<void> {
    return this.workLog.flush();
  }

  async readers(query: string | undefined): Promise<AdminReader[]> {
    return findReaders(this.deps.db, { query: query || undefined });
  }

  /** 404 for no such reader. */
  async reader(id: string): Promise<AdminReader> {
    if (!UUID.test(id)) throw new AppError('NOT_FOUND', 404);
    const [reader] = await findReaders(this.deps.db, { id });
    if (!reader) throw new AppError('NOT_FOUND', 404);
    return reader;
  }

  feedback(): Promise<AdminFeedback[]> {
    return listFeedback(this.deps.db);
  }

  async usage(): Promise<AdminUsageResponse> {
    // This process's own gathered lines count at once; another process's within a moment.
    await this.workLog.flush();
    return readUsage(this.deps.db, this.deps.now?.() ?? new Date());
  }

  audit(): Promise<AdminAuditEntry[]> {
    return listAudit(this.deps.db);
  }
}
