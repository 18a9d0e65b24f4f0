import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { adminRoute } from '../../http/endpoint-route.js';
import { AppError } from '../../http/app-error.js';
import type { AccountRemoval } from '../../ports/account-removal.js';
import type { ContactInbox, SummaryCuration, SummaryRegeneration } from '../../ports/admin-console.js';
import type { ReaderAccess } from '../../ports/reader-access.js';
import type { AdminService } from './admin.service.js';

export interface AdminRoutesOptions {
  admin: AdminService;
  readerAccess: ReaderAccess;
  accounts: AccountRemoval;
  summaries: SummaryCuration;
  regeneration: SummaryRegeneration;
  contact: ContactInbox;
}

/**
 * The admin console's endpoints (ADR 0030): every one behind `requireAdmin`, every action with
 * its audit row written in the action's transaction.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { admin, readerAccess, accounts, summaries, regeneration, contact } = options;
  const noStore = { 'cache-control': 'private, no-store' };

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.readers, {
      summary: 'Readers by part of their e-mail or nickname, with plan, role and usage (admin)',
      errors: [400],
    }),
    handler: async (request, reply) => {
      reply.headers(noStore);
      return { readers: await admin.readers(request.query.q) };
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.setRole, {
      summary: 'Make a reader an admin, or an admin a reader (admin)',
      description:
        '409 LAST_ADMIN to unmake the only admin; 409 EMAIL_NOT_CONFIRMED to make an unproven address an admin; 404 for no such account.',
      errors: [400, 404, 409],
    }),
    handler: async (request) => {
      const { id } = request.params;
      await readerAccess.setRole(
        id,
        request.body.role,
        admin.step(request.user, {
          action: 'role.change',
          targetId: id,
          detail: { role: request.body.role },
        }),
      );
      return { reader: await admin.reader(id) };
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.signOutReader, {
      summary: 'End every session of a reader: their tokens stop working (admin)',
      errors: [400, 404],
    }),
    handler: async (request, reply) => {
      const { id } = request.params;
      await readerAccess.signOutEverywhere(
        id,
        admin.step(request.user, { action: 'reader.sign-out', targetId: id }),
      );
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.deleteReader, {
      summary: "Delete a reader's account, as they can from Settings (admin)",
      description: '409 ADMIN_ACCOUNT for an admin account (remove its role first); 404 for no such account.',
      errors: [400, 404, 409, 502],
    }),
    handler: async (request, reply) => {
      const { id } = request.params;
      const target = await admin.reader(id);
      if (target.role === 'admin') {
        // An admin is unmade first (where the last-admin rule holds), then deleted.
        throw new AppError('ADMIN_ACCOUNT', 409, 'Remove the admin role before deleting the account.');
      }
      await accounts.removeAccount(id, admin.step(request.user, { action: 'reader.delete', targetId: id }));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.summaries, {
      summary: 'Stored summaries by title or author, language and day, with their ratings (admin)',
      errors: [400],
    }),
    handler: async (request) => ({ summaries: await summaries.adminList(request.query) }),
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.summary, {
      summary: 'A stored summary, with its content (admin)',
      errors: [400, 404],
    }),
    handler: async (request) => summaries.adminGet(request.params.id),
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.removeSummary, {
      summary: "Remove a bad summary; its readers' histories say it was removed (admin)",
      description: "409 EDITORIAL_SUMMARY for the editors' summaries; 404 for no such summary.",
      errors: [400, 404, 409],
    }),
    handler: async (request, reply) => {
      const { id } = request.params;
      await summaries.remove(id, admin.step(request.user, { action: 'summary.remove', targetId: id }));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.regenerateSummary, {
      summary: 'Have the model write a summary again, through the usual single flight (admin)',
      description:
        "Answers once the new content is stored. 409 EDITORIAL_SUMMARY for the editors' summaries.",
      errors: [400, 404, 409, 502, 503],
    }),
    handler: async (request) => {
      const { id } = request.params;
      // The audit row is written by the worker that stores the new content: a job carries data.
      return regeneration.regenerate(id, {
        admin: { id: request.user.id, email: request.user.email },
        entry: { action: 'summary.regenerate', targetId: id },
      });
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.contactMessages, {
      summary: 'Messages sent through the contact page, the waiting ones first (admin)',
    }),
    handler: async (_request, reply) => {
      reply.headers(noStore);
      return { messages: await contact.inbox() };
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.handleContactMessage, {
      summary: 'Mark a contact message handled (admin)',
      errors: [400, 404],
    }),
    handler: async (request) => {
      const { id } = request.params;
      return {
        message: await contact.markHandled(
          id,
          request.user.id,
          admin.step(request.user, { action: 'contact.handled', targetId: id }),
        ),
      };
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.feedback, {
      summary: "Readers' ratings and comments, newest first, and which can go on the landing (admin)",
    }),
    handler: async () => ({ feedback: await admin.feedback() }),
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.usage, {
      summary:
        'Summaries, audio, cache hits, model time and tokens, failures and readers, last 30 days (admin)',
    }),
    handler: async () => admin.usage(),
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.audit, {
      summary: 'The admin actions, newest first: who, what, when, on whom (admin)',
    }),
    handler: async () => ({ entries: await admin.audit() }),
  });
};
