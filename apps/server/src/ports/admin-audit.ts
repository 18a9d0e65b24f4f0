import type { AdminAction } from '@summa/shared';
import type { Transaction } from '../db/database.js';

/**
 * The audit row of one admin action, written inside the action's own transaction (ADR 0030): the
 * feature that does the action calls it before it commits, so an action that fails or is undone
 * leaves no row, and one that commits always has its row. `label` names the target as the action
 * found it (an e-mail, a title), when the caller did not know it.
 */
export type AuditStep = (tx: Transaction, label?: string) => Promise<void>;

export interface AuditEntry {
  action: AdminAction;
  targetId: string | null;
  targetLabel?: string | null | undefined;
  detail?: Record<string, string | number | boolean | null> | undefined;
}

/** The admin who acts. */
export interface AuditActor {
  id: string;
  email: string;
}

/**
 * An audit row still to be written, as data: what a queued job carries (a job's data is JSON, so
 * it cannot carry an AuditStep), turned into a step by the worker that does the action.
 */
export interface PendingAudit {
  admin: AuditActor;
  entry: AuditEntry;
}

/** Implemented by features/admin; the routes of admin actions get a step for each action from it. */
export interface AdminAudit {
  step(admin: AuditActor, entry: AuditEntry): AuditStep;
}
