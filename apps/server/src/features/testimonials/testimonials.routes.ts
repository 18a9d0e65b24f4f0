import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { adminRoute, endpointRoute } from '../../http/endpoint-route.js';
import type { AdminAudit } from '../../ports/admin-audit.js';
import type { TestimonialsService } from './testimonials.service.js';

export interface TestimonialsRoutesOptions {
  testimonials: TestimonialsService;
  /** Approvals and withdrawals are admin actions: each writes its audit row. */
  audit: AdminAudit;
}

/** How long a browser or a shared cache may keep the public list (the instance keeps it as long). */
const PUBLIC_MAX_AGE_SECONDS = 60;

/**
 * The landing's testimonials (GET /api/testimonials) and the admin's approvals
 * (/api/admin/testimonials; the admin console gives them a screen).
 */
export const testimonialsRoutes: FastifyPluginAsyncZod<TestimonialsRoutesOptions> = async (
  app,
  { testimonials, audit },
) => {
  app.route({
    ...endpointRoute(ENDPOINTS.testimonials.list, {
      tags: ['testimonials'],
      summary:
        "Readers' feedback comments an admin approved for the landing, in one summary language, with the reader's nickname",
      description: `At most 6, newest approval first; cached for ${PUBLIC_MAX_AGE_SECONDS} s. The landing shows them from 3 on.`,
      errors: [400, 429],
    }),
    onRequest: app.rateLimit.publicEndpoint,
    handler: async (request, reply) => {
      reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
      return testimonials.list(request.query.language);
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.testimonials, {
      summary:
        'Feedback comments that can be shown on the landing (a thumbs up with a comment, from a reader with a nickname), approved first (admin)',
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { testimonials: await testimonials.adminList() };
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.approveTestimonial, {
      summary: 'Show a feedback comment on the landing (admin)',
      description:
        '404 for no such feedback; 409 TESTIMONIAL_NOT_ELIGIBLE for a thumbs down, no comment, or a reader without a nickname. Approving again keeps the first approval.',
      errors: [400, 404, 409],
    }),
    handler: async (request) => ({
      testimonial: await testimonials.approve(
        request.params.feedbackId,
        request.user.id,
        audit.step(request.user, { action: 'testimonial.approve', targetId: request.params.feedbackId }),
      ),
    }),
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.admin.withdrawTestimonial, {
      summary: 'Take a feedback comment off the landing; the feedback stays (admin)',
      description: '404 for no such feedback.',
      errors: [400, 404],
    }),
    handler: async (request, reply) => {
      await testimonials.withdraw(
        request.params.feedbackId,
        request.user.id,
        audit.step(request.user, { action: 'testimonial.withdraw', targetId: request.params.feedbackId }),
      );
      return reply.code(204).send(null);
    },
  });
};
