import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { endpointRoute } from '../../http/endpoint-route.js';
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

const tags = ['admin'];
const bearer = true;

/**
 * The admin console's endpoints (ADR 0030): every one behind `requireAdmin`, every action with
 * its audit row written in the action's transaction.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { admin, readerAccess, accounts, summaries, regeneration, contact } = options;
  const noStore = { 'cache-control': 'private, no-store' };

  app.route({
    ...endpointRoute(ENDPOINTS.admin.readers, {
      tags,
      summary: 'Readers by part of their e-mail or nickname, with plan, role and usage (admin)',
      bearer,
      errors: [400, 401, 403],
    }),
    preHandler: app.requireAdmin,
    handler: async (request, reply) => {
      reply.headers(noStore);
      return { readers: await admin.readers(request.query.q) };
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.admin.setRole, {
      tags,
      summary: 'Make a reader an admin, or an admin a reader (admin)',
      description:
        '409 LAST_ADMIN to unmake the only admin; 409 EMAIL_NOT_CONFIRMED to make an unproven address an admin; 404 for no such account.',
      bearer,
      errors: [400, 401, 403, 404, 409],
    }),
    preHandler: app.requireAdmin,
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
    ...endpointRoute(ENDPOINTS.admin.signOutReader, {
      tags,
      summary: 'End every session of a reader: their tokens stop working (admin)',
      bearer,
      errors: [400, 401, 403, 404],
    }),
    preHandler: app.requireAdmin,
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
    ...endpointRoute(ENDPOINTS.admin.deleteReader, {
      tags,
      summary: "Delete a reader's account, as they can from Settings (admin)",
      description: '409 ADMIN_ACCOUNT for an admin account (remove its role first); 404 for no such account.',
      bearer,
      errors: [400, 401, 403, 404, 409, 502],
    }),
    preHandler: app.requireAdmin,
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
    ...endpointRoute(ENDPOINTS.admin.summaries, {
      tags,
      summary: 'Stored summaries by title or author, language and day, with their ratings (admin)',
      bearer,
      errors: [400, 401, 403],
    }),
    preHandler: app.requireAdmin,
    handler: async (request) => ({ summaries: await summaries.adminList(request.query) }),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.admin.summary, {
      tags,
      summary: 'A stored summary, with its content (admin)',
      bearer,
      errors: [400, 401, 403, 404],
    }),
    preHandler: app.requireAdmin,
    handler: async (request) => summaries.adminGet(request.params.id),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.admin.removeSummary, {
      tags,
      summary: "Remove a bad summary; its readers' histories say it was removed (admin)",
      description: "409 EDITORIAL_SUMMARY for the editors' summaries; 404 for no such summary.",
      bearer,
      errors: [400, 401, 403, 404, 409],
    }),
    preHandler: app.requireAdmin,
    handler: async (request, reply) => {
      const { id } = request.params;
      await summaries.remove(id, admin.step(request.user, { action: 'summary.remove', targetId: id }));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.admin.regenerateSummary, {
      tags,
      summary: 'Have the model write a summary again, through the usual single flight (admin)',
      description:
        "Answers once the new content is stored. 409 EDITORIAL_SUMMARY for the editors' summaries.",
      bearer,
      errors: [400, 401, 403, 404, 409, 502, 503],
    }),
    preHandler: app.requireAdmin,
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
    ...endpointRoute(ENDPOINTS.admin.contactMessages, {
      tags,
      summary: 'Messages sent through the contact page, the waiting ones first (admin)',
      bearer,
      errors: [401, 403],
    }),
    preHandler: app.requireAdmin,
    handler: async (_request, reply) => {
      reply.headers(noStore);
      return { messages: await contact.inbox() };
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.admin.handleContactMessage, {
      tags,
      summary: 'Mark a contact message handled (admin)',
      bearer,
      errors: [400, 401, 403, 404],
    }),
    preHandler: app.requireAdmin,
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
    ...endpointRoute(ENDPOINTS.admin.feedback, {
      tags,
      summary: "Readers' ratings and comments, newest first, and which can go on the landing (admin)",
      bearer,
      errors: [401, 403],
    }),
    preHandler: app.requireAdmin,
    handler: async () => ({ feedback: await admin.feedback() }),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.admin.usage, {
      tags,
      summary:
        'Summaries, audio, cache hits, model time and tokens, failures and readers, last 30 days (admin)',
      bearer,
      errors: [401, 403],
    }),
    preHandler: app.requireAdmin,
    handler: async () => admin.usage(),
  });

  app.route({
    ...endpointRoute(ENDPOINTS.admin.audit, {
      tags,
      summary: 'The admin actions, newest first: who, what, when, on whom (admin)',
      bearer,
      errors: [401, 403],
    }),
    preHandler: app.requireAdmin,
    handler: async () => ({ entries: await admin.audit() }),
  });
};
