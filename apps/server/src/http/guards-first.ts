import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

type Hooks<T> = T | T[] | undefined;

const asList = <T>(hooks: Hooks<T>): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Routes name their guard as a preHandler (`preHandler: app.authenticate`), which Fastify runs
 * after validating the body: a caller without a valid token would get 400 with the body's
 * schema in the message instead of 401. This moves `app.authenticate` and `app.requireAdmin` to
 * preValidation on every route registered after it, so that the guard answers first.
 */
export const guardsFirstPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const guards = new Set<unknown>([app.authenticate, app.requireAdmin]);
    const preHandlers = asList(route.preHandler);
    const moved = preHandlers.filter((hook) => guards.has(hook));
    if (moved.length === 0) return;
    route.preValidation = [...moved, ...asList(route.preValidation)];
    route.preHandler = preHandlers.filter((hook) => !guards.has(hook));
  });
});
