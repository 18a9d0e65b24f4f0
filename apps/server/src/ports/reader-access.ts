import type { Role } from '@summa/shared';
import type { AuditStep } from './admin-audit.js';

/**
 * A reader's role and sessions as an admin changes them (implemented by features/auth). Each
 * change and its audit row commit together; the reader's live sessions are re-read at once.
 */
export interface ReaderAccess {
  /**
   * Makes the account an admin or a reader. 404 for no such account; 409 EMAIL_NOT_CONFIRMED to
   * make an unproven address an admin; 409 LAST_ADMIN to unmake the only admin.
   */
  setRole(userId: string, role: Role, audit: AuditStep): Promise<void>;
  /** Ends every session of the account: its access and refresh tokens stop working. 404 for no such account. */
  signOutEverywhere(userId: string, audit: AuditStep): Promise<void>;
}
