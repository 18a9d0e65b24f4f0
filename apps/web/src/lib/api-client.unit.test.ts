import { noContentSchema, usageSchema, type GenerationEvent, type Usage } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, noContent } from '../test/fake-api';
import {
  ApiError,
  apiCall,
  apiCallFile,
  apiCallStream,
  apiFile,
  apiRequest,
  connectApiAuth,
  fileNameOf,
} from './api-client';

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

describe('apiCall calls an endpoint of the shared table', () => {
  it("takes the endpoint's method and path, with the parameters encoded and the query string", async () => {
    const api = fakeApi({
      'GET /api/summaries/:id/audio': () => json({ audio: null }),
    });
    await expect(
      apiCall(ENDPOINTS.audio.get, {
        params: { id: 'a b/c' },
        query: new URLSearchParams({ language: 'pt' }),
      }),
    ).resolves.toEqual({ audio: null });
    // No such route on the fake server: its 404.
    await expect(apiCall(ENDPOINTS.admin.revokePremium, { params: { id: 'u1' } })).rejects.toMatchObject({
      status: 404,
    });
    expect(
      api.requests.map((request) => [request.method, request.url.pathname + request.url.search]),
    ).toEqual([
      ['GET', '/api/summaries/a%20b%2Fc/audio?language=pt'],
      ['DELETE', '/api/admin/users/u1/premium'],
    ]);
  });

  it('sends the body as JSON and reads a 204 as null', async () => {
    const api = fakeApi({
      'PATCH /api/me/profile': () => apiError(409, 'NICKNAME_TAKEN', 'Taken.'),
      'POST /api/summaries/:id/feedback': noContent,
    });
    await expect(
      apiCall(ENDPOINTS.gamification.updateProfile, { body: { nickname: 'Ana' } }),
    ).rejects.toMatchObject({ status: 409, code: 'NICKNAME_TAKEN' });
    await expect(
      apiCall(ENDPOINTS.summaries.feedback, { params: { id: 's1' }, body: { vote: 'up' } }),
    ).resolves.toBeNull();
    expect(api.requests.map((request) => [request.route, request.body])).toEqual([
      ['PATCH /api/me/profile', { nickname: 'Ana' }],
      ['POST /api/summaries/s1/feedback', { vote: 'up' }],
    ]);
  });

  it('reads a 202 answer against its contract (an e-mail change waiting for its link)', async () => {
    fakeApi({ 'POST /api/me/email': () => json({ pendingEmail: 'new@example.com' }, 202) });
    await expect(
      apiCall(ENDPOINTS.account.changeEmail, { body: { newEmail: 'new@example.com', password: 'secret' } }),
    ).resolves.toEqual({ pendingEmail: 'new@example.com' });
  });

  it('downloads what an endpoint produces, asking for its media type', async () => {
    const api = fakeApi({
      'GET /api/summaries/:id/pdf': () =>
        new Response('%PDF-1.3', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const file = await apiCallFile(ENDPOINTS.summaries.pdf, { params: { id: 's1' } });
    expect(await file.blob.text()).toBe('%PDF-1.3');
    expect(api.requests[0]?.headers.get('Accept')).toBe('application/pdf');
  });
});

/** An event-stream answer whose body arrives in exactly these chunks. */
function eventStream(...chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

const PROGRESS: GenerationEvent = { type: 'progress', step: 'summarize', percent: 50 };
const SECTION: GenerationEvent = { type: 'section', key: 'oneLiner', value: 'Small\nhabits.' };
const REQUEST = { bookTitle: 'Atomic Habits', bookAuthor: 'James Clear', language: 'en' } as const;

async function streamed(): Promise<GenerationEvent[]> {
  const events: GenerationEvent[] = [];
  await apiCallStream(ENDPOINTS.summaries.generate, { body: REQUEST }, (event) => events.push(event));
  return events;
}

describe('apiCallStream reads server-sent events', () => {
  it('hands over each event as it is complete, whatever the chunks and line endings', async () => {
    const progress = JSON.stringify(PROGRESS);
    const section = JSON.stringify(SECTION);
    const split = section.indexOf(',"key"') + 1;
    const api = fakeApi({
      'POST /api/summaries': () =>
        eventStream(
          ': a comment, then an event split across chunks\n',
          `event: progress\ndata: ${progress.slice(0, 10)}`,
          `${progress.slice(10)}\n\n`,
          // CRLF line endings, and one event's data over two data lines.
          `event: section\r\ndata: ${section.slice(0, split)}\r\n`,
          `data: ${section.slice(split)}\r\n\r\n`,
        ),
    });
    // Two data lines join with a newline, which JSON reads as white space between tokens.
    expect(await streamed()).toEqual([PROGRESS, SECTION]);
    expect(api.requests[0]?.headers.get('Accept')).toBe('text/event-stream');
    expect(api.requests[0]?.body).toEqual(REQUEST);
  });

  it('renews the session once after a 401, as any call does', async () => {
    let calls = 0;
    const api = fakeApi({
      'POST /api/summaries': () =>
        ++calls === 1 ? apiError(401, 'INVALID_TOKEN') : eventStream(`data: ${JSON.stringify(PROGRESS)}\n\n`),
    });
    connectApiAuth({ accessToken: () => 'old', renewAfterUnauthorized: () => Promise.resolve('new') });
    try {
      expect(await streamed()).toEqual([PROGRESS]);
      expect(api.requests.map((request) => request.headers.get('Authorization'))).toEqual([
        'Bearer old',
        'Bearer new',
      ]);
    } finally {
      connectApiAuth(null);
    }
  });

  it('rejects with the refusal sent before streaming', async () => {
    fakeApi({ 'POST /api/summaries': () => apiError(403, 'SUMMARY_LIMIT_REACHED', 'Limit.') });
    await expect(streamed()).rejects.toMatchObject({ status: 403, code: 'SUMMARY_LIMIT_REACHED' });
  });

  it('drops the stream at an event that breaks the contract', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({
      'POST /api/summaries': () =>
        eventStream(
          `data: ${JSON.stringify(PROGRESS)}\n\ndata: {"type":"progress"}\n\ndata: ${JSON.stringify(PROGRESS)}\n\n`,
        ),
    });
    const events: GenerationEvent[] = [];
    const outcome = await apiCallStream(ENDPOINTS.summaries.generate, { body: REQUEST }, (event) =>
      events.push(event),
    ).catch((error: unknown) => error);
    expect(outcome).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(events).toEqual([PROGRESS]);
  });
});
