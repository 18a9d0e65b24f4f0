import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer, type FuzzCase } from './fuzz-invariants.js';

/** A bare server whose answers break one invariant each, so the fuzz suite's checks are seen to fail. */
const app = Fastify();
const secured = { 'x-content-type-options': 'nosniff', 'content-type': 'application/json; charset=utf-8' };
const answers: Record<string, { status: number; body: string; headers?: Record<string, string> }> = {
  fine: { status: 200, body: '{"ok":true}' },
  shaped: { status: 404, body: '{"error":{"code":"NOT_FOUND","message":"Not found."}}' },
  crash: { status: 500, body: '{"error":{"code":"INTERNAL_ERROR","message":"Internal error."}}' },
  framework: {
    status: 414,
    body: '{"error":"URI Too Long","code":"FST_ERR_MAX_PARAM_LENGTH","message":"too long","statusCode":414}',
  },
  stack: {
    status: 400,
    body: '{"error":{"code":"BAD_REQUEST","message":"boom\\n    at Object.<anonymous> (/work/app/src/x.ts:1:2)"}}',
  },
  sql: {
    status: 400,
    body: '{"error":{"code":"BAD_REQUEST","message":"Failed query: select id from users where email = $1"}}',
  },
  echo: { status: 400, body: '{"error":{"code":"BAD_REQUEST","message":"bad value <svg onload=1>"}}' },
  extra: { status: 400, body: '{"error":{"code":"BAD_REQUEST","message":"Bad.","stack":"x"}}' },
  html: { status: 400, body: '<h1>Bad</h1>', headers: { 'content-type': 'text/html' } },
  unsecured: { status: 200, body: '{}', headers: { 'x-content-type-options': '' } },
};

beforeAll(async () => {
  app.get('/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const answer = answers[name] ?? { status: 404, body: '{}' };
    return reply
      .code(answer.status)
      .headers({ ...secured, ...answer.headers })
      .send(answer.body);
  });
  await app.ready();
});
afterAll(() => app.close());

async function problemsOf(name: string, elapsedMs = 5): Promise<string[]> {
  const fuzzCase: FuzzCase = {
    endpoint: 'GET /{name}',
    method: 'GET',
    url: `/${name}?q=${encodeURIComponent('<svg onload=1>')}`,
    headers: {},
    remoteAddress: '203.0.113.1',
  };
  return checkAnswer(fuzzCase, await app.inject({ method: 'GET', url: `/${name}` }), elapsedMs);
}

describe('the fuzz suite invariants', () => {
  it('pass a good answer and a well-shaped error', async () => {
    expect(await problemsOf('fine')).toEqual([]);
    expect(await problemsOf('shaped')).toEqual([]);
  });

  it('fail a 5xx, a slow answer, and one without security headers', async () => {
    expect(await problemsOf('crash')).toContain('status 500');
    expect(await problemsOf('fine', 2_500)).toEqual(['slow answer (2500 ms)']);
    expect(await problemsOf('unsecured')).toContain('no security headers');
  });

  it('fail errors out of shape, with internals, or repeating the input', async () => {
    expect(await problemsOf('framework')).toEqual(
      expect.arrayContaining([
        'error answer not in the {"error":{"code","message"}} shape',
        'error answer shows a framework code',
      ]),
    );
    expect(await problemsOf('stack')).toEqual(
      expect.arrayContaining(['error answer shows a stack frame', 'error answer shows a file path']),
    );
    expect(await problemsOf('sql')).toEqual(
      expect.arrayContaining(['error answer shows a SQL', 'error answer shows a database text']),
    );
    expect(await problemsOf('echo')).toContain('error answer echoes the input');
    expect(await problemsOf('extra')).toContain('error object has extra fields');
    expect(await problemsOf('html')).toContain('error answer is text/html, not JSON');
  });
});
