import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, languageFromAcceptLanguage } from '@summa/shared';
import { endpointRoute } from '../../http/endpoint-route.js';
import type { RateLimitRule } from '../../plugins/rate-limit.js';
import type { ContactService } from './contact.service.js';

/** Messages per client address: a burst of 5, then one every 12 minutes (ADR 0012's token bucket). */
export const CONTACT_RATE_LIMIT = {
  name: 'contact:ip',
  limit: 5,
  windowSeconds: 3600,
} as const satisfies RateLimitRule;

export interface ContactRoutesOptions {
  contact: ContactService;
}

/** POST /api/contact: the contact page's message, from anyone (a signed-in reader's is kept with their account). */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { contact }) => {
  app.route({
    ...endpointRoute(ENDPOINTS.contact.send, {
      tags: ['contact'],
      summary: 'Send a message to the Summa team (stored, and mailed to CONTACT_TO when it is set)',
      description:
        '5 messages an hour per client address (429 RATE_LIMITED with Retry-After). 502 CONTACT_NOT_SENT when the mail to the team fails: nothing is kept, and sending again is safe. A filled-in `website` (a honeypot people never see) is answered 202 like any message, and neither stored nor mailed.',
      errors: [400, 429, 502, 503],
    }),
    handler: async (request, reply) => {
      await app.rateLimit.check(CONTACT_RATE_LIMIT, `ip:${request.ip}`);
      const user = await app.identify(request);
      await contact.send(request.body, {
        userId: user?.id,
        language: languageFromAcceptLanguage(request.headers['accept-language']),
      });
      return reply.code(202).send({ received: true });
    },
  });
};
