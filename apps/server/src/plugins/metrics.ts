import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.js';
import type { AppMetrics } from '../observability/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry and recorders (what the job queue binds its figures to). */
    metrics: AppMetrics;
  }
}

export const METRICS_PATH = '/metrics';

export interface MetricsPluginOptions {
  metrics: AppMetrics;
  /** The bearer token a scrape must send; undefined: /metrics is off and answers 404. */
  token: string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus' /metrics, with the bearer token Prometheus' `authorization` setting sends. Without
 * METRICS_TOKEN the route answers 404, as if it did not exist, and no request is timed: a server
 * nobody scrapes spends nothing on it.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { metrics, token }: MetricsPluginOptions) => {
  app.decorate('metrics', metrics);
  if (token !== undefined) {
    // Callback-style: an async hook costs a promise on every request.
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern keeps the label set bounded; an unmatched URL is one label, not one per URL.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (expected === undefined) {
      reply.callNotFound();
      return reply;
    }
    // Digests of equal length, compared in constant time: the answer's timing tells nothing of the token.
    const sent = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(sent, expected)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHORIZED', 401);
    }
    const { contentType, text } = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(contentType).send(text);
  });
});
