import type { Role } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import type { AuditStep } from '../../ports/admin-audit.js';
import type { ReaderAccess } from '../../ports/reader-access.js';
import {
  findAccountEmail,
  lockAccountForRole,
  revokeAllSessions,
  updateRole,
} from './reader-access.repository.js';
import type { AuthDeps } from './session.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ReaderAccess port: roles live in the database (ADR 0030); ADMIN_EMAILS only seeds them for
 * proven addresses, and an admin changes them here afterwards.
 */
export class ReaderAccessService implements ReaderAccess {
  constructor(private readonly deps: Pick<AuthDeps, 'db' | 'forgetSessions' | 'log'>) {}

  async setRole(userId: string, role: Role, audit: AuditStep): Promise<void> {
    if (!UUID.test(userId)) throw new AppError('NOT_FOUND', 404);
    await this.deps.db.transaction(async (tx) => {
      const account = await lockAccountForRole(tx, userId);
      if (!account) throw new AppError('NOT_FOUND', 404);
      if (role === 'admin' && !account.confirmed) throw new AppError('EMAIL_NOT_CONFIRMED', 409);
      if (account.role === 'admin' && role !== 'admin' && account.admins <= 1) {
        throw new AppError(
          'LAST_ADMIN',
          409,
          'The only admin cannot stop being one: make another admin first.',
        );
      }
      await updateRole(tx, userId, role);
      await audit(tx, account.email);
    });
    // The reader's next request reads the new role.
    this.deps.forgetSessions({ userId });
    this.deps.log.info({ userId, role }, 'role changed by an admin');
  }

  async signOutEverywhere(userId: string, audit: AuditStep): Promise<void> {
    if (!UUID.test(userId)) throw new AppError('NOT_FOUND', 404);
    await this.deps.db.transaction(async (tx) => {
      const email = await findAccountEmail(tx, userId);
      if (email === undefined) throw new AppError('NOT_FOUND', 404);
      await revokeAllSessions(tx, userId);
      await audit(tx, email);
    });
    this.deps.forgetSessions({ userId });
  }
}
