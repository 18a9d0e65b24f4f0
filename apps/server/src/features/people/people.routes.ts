import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, languageFromAcceptLanguage } from '@summa/shared';
import { adminRoute, publicRoute } from '../../http/endpoint-route.js';
import type { PeopleService } from './people.service.js';

export interface PeopleRoutesOptions {
  people: PeopleService;
}

/**
 * The people and their shelves (GET /api/people, /api/people/:slug: public, like the catalogue)
 * and their curation (/api/admin/people, admins).
 */
export const peopleRoutes: FastifyPluginAsyncZod<PeopleRoutesOptions> = async (app, { people }) => {
  const tags = ['people'];

  app.route({
    ...publicRoute(app, ENDPOINTS.people.list, {
      tags,
      summary: 'Well-known people who recommended books, with the size of their shelf',
    }),
    handler: async () => people.list(),
  });

  app.route({
    ...publicRoute(app, ENDPOINTS.people.get, {
      tags,
      summary: "A person's bio and shelf, each pick with where and when they recommended it",
      description:
        '`language` (default pt) names the bio, the edition titles and the summary each book opens (`summary_id`). 404 for no such person.',
      errors: [400, 404],
    }),
    handler: async (request) => ({
      person: await people.get(request.params.slug, request.query.language ?? 'pt'),
    }),
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.curation.people, {
      summary: 'Every person with their bios and shelf, as the curation screen edits them (admin)',
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        people: await people.adminList(languageFromAcceptLanguage(request.headers['accept-language'])),
      };
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.curation.createPerson, {
      summary: 'Add a person and their shelf; every pick needs its source (admin)',
      description:
        '409 CONFLICT when a listed person has the slug; 404 when a pick names no catalogue book. The person is the admins’: no import rewrites them.',
      errors: [400, 404, 409],
    }),
    handler: async (request, reply) => {
      const person = await people.create(
        request.body,
        request.user.id,
        languageFromAcceptLanguage(request.headers['accept-language']),
      );
      return reply.code(201).send({ person });
    },
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.curation.updatePerson, {
      summary: "Change a person's details and shelf (admin)",
      description:
        'The shelf is replaced by the one sent. 404 for no such person or a pick of no catalogue book. From then on no import rewrites the person.',
      errors: [400, 404],
    }),
    handler: async (request) => ({
      person: await people.update(
        request.params.slug,
        request.body,
        request.user.id,
        languageFromAcceptLanguage(request.headers['accept-language']),
      ),
    }),
  });

  app.route({
    ...adminRoute(app, ENDPOINTS.curation.removePerson, {
      summary: 'Remove a person and their shelf; no later import brings them back (admin)',
      description: '404 for no such person.',
      errors: [400, 404],
    }),
    handler: async (request, reply) => {
      await people.remove(request.params.slug, request.user.id);
      return reply.code(204).send(null);
    },
  });
};
