import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { errorResponseSchema } from '@summa/shared';
import type { App } from '../app.js';
import {
  closeThenRemove,
  startScratchPostgresCluster,
  type ScratchPostgresCluster,
} from '../test/scratch-postgres-cluster.js';
import { startAppOnPostgres } from '../test/test-app.js';
import { bearer, signUpTestUser, uniqueIp, type TestUser } from '../test/test-users.js';

/**
 * PostgreSQL stopped and started under the app, on a cluster of the test's own: an outage
 * answers 503 with a stable code and Retry-After, and the app recovers without a restart.
 */
describe('a PostgreSQL outage', () => {
  let cluster: ScratchPostgresCluster;
  let app: App;
  let reader: TestUser;
  // Closed in reverse order, however far the setup got.
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    cluster = await startScratchPostgresCluster();
    ({ app } = await startAppOnPostgres(cluster.url, { poolSize: 4 }, closers));
    reader = await signUpTestUser(app);
  }, 60_000);

  afterAll(() => closeThenRemove(cluster, closers));

  const requests = (): InjectOptions[] => [
    { method: 'GET', url: '/api/me/usage', headers: { ...bearer(reader.session), 'accept-language': 'en' } },
    { method: 'GET', url: '/api/catalog/books?q=mind', headers: { 'accept-language': 'en' } },
    {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: reader.email, password: reader.password },
      remoteAddress: uniqueIp(),
      headers: { 'accept-language': 'en' },
    },
  ];

  const expectUnavailable = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(503);
    const body = errorResponseSchema.parse(response.json());
    expect(body.error.code).toBe('DATABASE_UNAVAILABLE');
    expect(body.error.message).toBe('The database is unavailable right now. Please try again in a moment.');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  };

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After while stopped, and 200 once started again', async () => {
    for (const request of requests()) {
      expect((await app.inject(request)).statusCode).toBe(200);
    }

    // Under traffic: requests in flight when the server goes away, and more while it is down.
    const inFlight = Array.from({ length: 2 }, () => requests().map((request) => app.inject(request))).flat();
    await cluster.stop();
    for (const response of await Promise.all(inFlight)) expect([200, 503]).toContain(response.statusCode);
    for (const request of requests()) expectUnavailable(await app.inject(request));
    const burst = await Promise.all(
      Array.from({ length: 2 }, () => requests().map((request) => app.inject(request))).flat(),
    );
    for (const response of burst) expectUnavailable(response);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);

    await cluster.start();
    for (const request of requests()) {
      const response = await app.inject(request);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  }, 30_000);
});
