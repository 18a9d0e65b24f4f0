import type {
  AdminContactMessage,
  AdminSummariesQuery,
  AdminSummary,
  AdminSummaryResponse,
} from '@summa/shared';
import type { AuditStep, PendingAudit } from './admin-audit.js';

// What the admin console (features/admin) reaches in the other features (ADR 0030). Each action
// takes the admin's audit step and writes it in its own transaction.

/** Stored summaries as an admin sees and removes them (features/summaries). */
export interface SummaryCuration {
  adminList(query: AdminSummariesQuery): Promise<AdminSummary[]>;
  /** 404 for no such summary. */
  adminGet(summaryId: string): Promise<AdminSummaryResponse>;
  /** 404 for no such summary; 409 EDITORIAL_SUMMARY for the editors'. */
  remove(summaryId: string, audit: AuditStep): Promise<void>;
}

/** A summary written again by the model, through the usual single flight (features/summaries). */
export interface SummaryRegeneration {
  regenerate(summaryId: string, audit: PendingAudit): Promise<AdminSummaryResponse>;
}

/** The contact page's messages (features/contact). */
export interface ContactInbox {
  inbox(): Promise<AdminContactMessage[]>;
  /** 404 for no such message. */
  markHandled(id: string, adminId: string, audit: AuditStep): Promise<AdminContactMessage>;
}
