import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusResponseSchema } from '@summa/shared';
import { createTestApp, TEST_DATABASES, type TestContext } from '../../test/test-app.js';

describe.each(TEST_DATABASES)('health on %s', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp(kind);
  });
  afterAll(async () => {
    await context.close();
  });

  it('answers /healthz while the process is up', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers /readyz when the database answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: kind });
  });
});

describe('readiness without a database', () => {
  it('answers 503 once the database is gone', async () => {
    const context = await createTestApp('pglite');
    await context.database.close();
    const response = await context.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'pglite' });
    await context.app.close();
  });
});

describe('the store links in GET /api/status (issue 23)', () => {
  it('gives the web the Amazon associate tag of AMAZON_ASSOCIATE_TAG, without a session', async () => {
    const context = await createTestApp('pglite', { env: { AMAZON_ASSOCIATE_TAG: 'summa-20' } });
    try {
      const response = await context.app.inject({ method: 'GET', url: '/api/status' });
      expect(response.statusCode).toBe(200);
      expect(statusResponseSchema.strict().parse(response.json()).amazonAssociateTag).toBe('summa-20');
    } finally {
      await context.close();
    }
  });

  it('says null without it (no store links, no disclosure)', async () => {
    const context = await createTestApp('pglite');
    try {
      const response = await context.app.inject({ method: 'GET', url: '/api/status' });
      expect(statusResponseSchema.strict().parse(response.json()).amazonAssociateTag).toBeNull();
    } finally {
      await context.close();
    }
  });
});
