import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS, languageFromAcceptLanguage } from '@summa/shared';
import { endpointRoute, readerRoute } from '../../http/endpoint-route.js';
import type { RemindersService } from './reminders.service.js';
import { unsubscribePage } from './unsubscribe-page.js';

export interface RemindersRoutesOptions {
  reminders: RemindersService;
}

/** The one-click body is a few bytes (`List-Unsubscribe=One-Click`). */
const UNSUBSCRIBE_BODY_LIMIT = 1_024;

/** The daily reminder's settings, push subscriptions and e-mail unsubscribe (issue 27, ADR 0035). */
export const remindersRoutes: FastifyPluginAsyncZod<RemindersRoutesOptions> = async (app, { reminders }) => {
  const tags = ['reminders'];

  app.route({
    ...readerRoute(app, ENDPOINTS.reminders.get, {
      tags,
      summary: "The reader's daily reminder",
      description: 'Off, 19:00 and every day, with no time zone, before the first save.',
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reminders.state(request.user.id);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.reminders.save, {
      tags,
      summary: 'Choose the daily reminder: on or off, the time, the days and the time zone',
      description: 'The time zone must be one the server knows (IANA); at least one day when on.',
      errors: [400],
    }),
    handler: async (request) => reminders.save(request.user.id, request.body),
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.reminders.pushKey, {
      tags,
      summary: "The server's VAPID public key, for a browser's push subscription",
    }),
    handler: async () => reminders.pushKey(),
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.reminders.subscribePush, {
      tags,
      summary: "Keep a browser's push subscription: the reminder comes there as a notification too",
      description: 'The endpoint must be https. The same endpoint again replaces its keys.',
      errors: [400],
    }),
    handler: async (request, reply) => {
      await reminders.subscribePush(request.user.id, request.body);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.reminders.unsubscribePush, {
      tags,
      summary: "Stop notifications in a browser (404 when the endpoint is not one of the reader's)",
      errors: [400, 404],
    }),
    handler: async (request, reply) => {
      await reminders.unsubscribePush(request.user.id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(ENDPOINTS.reminders.unsubscribePage, {
      tags,
      summary: "An e-mail's unsubscribe link: a page whose button turns the reminder off",
      description:
        'Changes nothing by itself (mail scanners open links). 400 INVALID_TOKEN for a forged token.',
      errors: [400],
      answer: "A small HTML page in the browser's language",
    }),
    handler: async (request, reply) => {
      reminders.readerOf(request.query.token);
      const language = languageFromAcceptLanguage(request.headers['accept-language']);
      const action = `?token=${encodeURIComponent(request.query.token)}`;
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(unsubscribePage(language, 'confirm', action));
    },
  });

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` (form-encoded or multipart); the page's
  // button posts the same. The body is read and not needed: the signed token is the request.
  await app.register(async (oneClick) => {
    oneClick.removeAllContentTypeParsers();
    oneClick.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: UNSUBSCRIBE_BODY_LIMIT },
      (_request, _body, done) => {
        done(null, undefined);
      },
    );
    oneClick.withTypeProvider<ZodTypeProvider>().route({
      ...endpointRoute(ENDPOINTS.reminders.unsubscribe, {
        tags,
        summary: 'One-click unsubscribe (RFC 8058): the daily reminder goes off, no session needed',
        description: 'The body is `List-Unsubscribe=One-Click`. 400 INVALID_TOKEN for a forged token.',
        errors: [400, 413],
        answer: "A small HTML page in the browser's language saying the reminder is off",
      }),
      bodyLimit: UNSUBSCRIBE_BODY_LIMIT,
      handler: async (request, reply) => {
        await reminders.unsubscribe(request.query.token);
        const language = languageFromAcceptLanguage(request.headers['accept-language']);
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .type('text/html; charset=utf-8')
          .send(unsubscribePage(language, 'done', ''));
      },
    });
  });
};
