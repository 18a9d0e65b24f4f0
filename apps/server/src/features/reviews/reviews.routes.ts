import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { readerRoute } from '../../http/endpoint-route.js';
import type { ReviewsService } from './reviews.service.js';

export interface ReviewsRoutesOptions {
  reviews: ReviewsService;
}

const tags = ['reviews'];

/** The daily review: the cards due and their grades (issue 27). */
export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesOptions> = async (app, { reviews }) => {
  app.route({
    ...readerRoute(app, ENDPOINTS.reviews.due, {
      tags,
      summary: "The reader's review cards due now, in their summaries' languages",
      description:
        'Cards are made here for the summaries of the reader’s history that have none yet: one per key idea and ' +
        'action (non-fiction), per character and theme (fiction). At most 20 cards, oldest due first; `dueCount` ' +
        'counts them all.',
    }),
    handler: async (request) => reviews.due(request.user.id),
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.reviews.grade, {
      tags,
      summary: 'Grade a review card (1 Again, 2 Hard, 3 Good, 4 Easy); FSRS schedules it again',
      description:
        'The answer is the card’s next due date and what the review earned: 2 XP once per card and day (in the ' +
        'reader’s time zone), the review streak, the day’s cards toward the goal and any achievement. 404 when ' +
        'the card is not the reader’s; 400 for another grade, and nothing changes.',
      errors: [400, 404],
    }),
    handler: async (request) => reviews.grade(request.user.id, request.params.cardId, request.body),
  });
};
