import { noContentSchema, usageSchema, type Usage } from '@summa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, noContent } from '../test/fake-api';
import { ApiError, apiFile, apiRequest, connectApiAuth, fileNameOf } from './api-client';

const USAGE: Usage = {
  plan: 'free',
  monthKey: '2026-03',
  summariesUsed: 2,
  summariesLimit: 10,
  audiosUsed: 0,
  audiosLimit: 10,
};

/** What the next call answers, whatever it asks. */
let answer: () => Response;

beforeEach(() => {
  fakeApi({ 'GET /api/me/usage': () => answer(), 'POST /api/auth/logout': () => answer() });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiRequest checks every answer against its contract', () => {
  it('resolves to an answer that matches', async () => {
    answer = () => json(USAGE);
    await expect(apiRequest('/api/me/usage', usageSchema)).resolves.toEqual(USAGE);
  });

  it('reads a 204 as null', async () => {
    answer = noContent;
    await expect(apiRequest('/api/auth/logout', noContentSchema, { method: 'POST' })).resolves.toBeNull();
  });

  it.each([
    ['a field of the wrong type', () => json({ ...USAGE, summariesUsed: '2' })],
    ['a missing field', () => json({ plan: 'free' })],
    ['no body where one is due', noContent],
    ['a body that is not JSON', () => new Response('<html>proxy</html>', { status: 200 })],
  ])('turns %s into the error of a server failure, logged once', async (_name, respond) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = respond;
    const error: unknown = await apiRequest('/api/me/usage', usageSchema).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INTERNAL_ERROR', message: '' });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith('[summa] unexpected answer from /api/me/usage', expect.anything());
  });

  it.each([
    [404, 'NOT_FOUND'],
    [405, 'METHOD_NOT_ALLOWED'],
    [503, 'SERVICE_UNAVAILABLE'],
    [418, 'INTERNAL_ERROR'],
  ])('reads a %i without a JSON body as %s, the code its status stands for', async (status, code) => {
    answer = () => new Response('<html>proxy</html>', { status });
    await expect(apiRequest('/api/me/usage', usageSchema)).rejects.toMatchObject({
      status,
      code,
      message: '',
    });
  });

  it('still reports what the server refused with', async () => {
    answer = () => apiError(404, 'NOT_FOUND', 'Not found.');
    await expect(apiRequest('/api/me/usage', usageSchema)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Not found.',
    });
  });
});

describe('apiRequest bodies', () => {
  it('sends a Blob as it is, with its own Content-Type, and anything else as JSON', async () => {
    const api = fakeApi({ 'POST /api/auth/logout': () => noContent() });
    const image = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await apiRequest('/api/auth/logout', noContentSchema, { method: 'POST', body: image });
    await apiRequest('/api/auth/logout', noContentSchema, { method: 'POST', body: { a: 1 } });
    const [blobCall, jsonCall] = api.fetch.mock.calls.map(([, init]) => init);
    expect(blobCall?.body).toBe(image);
    expect(new Headers(blobCall?.headers).get('Content-Type')).toBe('image/png');
    expect(jsonCall?.body).toBe('{"a":1}');
    expect(new Headers(jsonCall?.headers).get('Content-Type')).toBe('application/json');
  });
});

describe('apiFile downloads a file', () => {
  const pdf = (headers: Record<string, string> = {}) =>
    new Response('%PDF-1.3', { headers: { 'Content-Type': 'application/pdf', ...headers } });

  it('resolves to the body and the name the answer gives it, asking for the type wanted', async () => {
    const api = fakeApi({
      'GET /api/summaries/:id/pdf': () =>
        pdf({ 'Content-Disposition': "attachment; filename=acao.pdf; filename*=UTF-8''A%C3%A7%C3%A3o.pdf" }),
    });
    const file = await apiFile('/api/summaries/s1/pdf', 'application/pdf');
    expect(file.fileName).toBe('Ação.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.3');
    expect(api.requests[0]?.headers.get('Accept')).toBe('application/pdf');
  });

  it('rejects with the server’s error, read from its JSON answer', async () => {
    fakeApi({ 'GET /api/summaries/:id/pdf': () => apiError(403, 'PREMIUM_REQUIRED', 'Premium only.') });
    await expect(apiFile('/api/summaries/s1/pdf', 'application/pdf')).rejects.toMatchObject({
      status: 403,
      code: 'PREMIUM_REQUIRED',
      message: 'Premium only.',
    });
  });

  it('renews the session once after a 401, as any call does', async () => {
    let calls = 0;
    const api = fakeApi({
      'GET /api/summaries/:id/pdf': () => (++calls === 1 ? apiError(401, 'INVALID_TOKEN') : pdf()),
    });
    connectApiAuth({ accessToken: () => 'old', renewAfterUnauthorized: () => Promise.resolve('new') });
    try {
      const file = await apiFile('/api/summaries/s1/pdf', 'application/pdf');
      expect(file.fileName).toBeNull();
      expect(api.requests.map((request) => request.headers.get('Authorization'))).toEqual([
        'Bearer old',
        'Bearer new',
      ]);
    } finally {
      connectApiAuth(null);
    }
  });
});

describe('fileNameOf reads a Content-Disposition header', () => {
  it.each([
    [null, null],
    ['attachment', null],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    ['attachment; filename="quoted \\"name\\".pdf"', 'quoted "name".pdf'],
    [
      "attachment; filename=a.pdf; filename*=UTF-8''A%C3%A7%C3%A3o%20e%20Rea%C3%A7%C3%A3o.pdf",
      'Ação e Reação.pdf',
    ],
    ["attachment; filename*=utf-8''%E6%97%A5.pdf; filename=x.pdf", '日.pdf'],
    ["attachment; filename=fallback.pdf; filename*=UTF-8''%E0%A4%A.pdf", 'fallback.pdf'],
  ])('%j names %j', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});
