import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { LocalStorage } from '../../providers/storage/local-storage.js';
import { newObjectKey } from '../../providers/storage/object-key.js';
import { createTestApp, testConfig, type TestContext } from '../../test/test-app.js';

const MP3 = 'audio/mpeg';
/** Bytes 0..255 repeated: any range of it is easy to check. */
const AUDIO = Buffer.from(Array.from({ length: 10_000 }, (_, index) => index % 256));

describe('stored files through signed URLs', () => {
  let scratch: string;
  let clock: number;
  let storage: LocalStorage;
  let context: TestContext;
  let key: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'summa-files-'));
    clock = Date.UTC(2026, 10, 23, 12);
    storage = new LocalStorage({ dir: scratch, signingKey: 'f'.repeat(64), now: () => clock });
    context = await createTestApp('pglite', { storage });
    key = newObjectKey('audio', 'mp3');
    await storage.put(key, AUDIO, { contentType: MP3 });
  });

  afterAll(async () => {
    await context.close();
    await rm(scratch, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url, headers });

  it('serves the file as audio/mpeg, privately cached until the URL expires', async () => {
    const response = await get(await storage.signedUrl(key));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(AUDIO);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['content-length']).toBe(String(AUDIO.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it('answers a range with 206 and Content-Range (seeking)', async () => {
    const response = await get(await storage.signedUrl(key), { range: 'bytes=1000-1999' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 1000-1999/${AUDIO.length}`);
    expect(response.headers['content-length']).toBe('1000');
    expect(response.rawPayload).toEqual(AUDIO.subarray(1000, 2000));

    const tail = await get(await storage.signedUrl(key), { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(AUDIO.subarray(AUDIO.length - 10));
  });

  it('streams ranges over a real socket, as a browser seeking in audio gets them', async () => {
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}${await storage.signedUrl(key)}`;
    const response = await fetch(url, { headers: { range: 'bytes=9000-' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 9000-9999/${AUDIO.length}`);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(AUDIO.subarray(9000));
  });

  it('answers an unsatisfiable range with 416 in the error shape', async () => {
    const response = await get(await storage.signedUrl(key), { range: 'bytes=20000-' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${AUDIO.length}`);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await context.app.inject({ method: 'HEAD', url: await storage.signedUrl(key) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(AUDIO.length));
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.rawPayload.length).toBe(0);
  });

  it('offers the download name the URL was signed with', async () => {
    const response = await get(await storage.signedUrl(key, { downloadName: 'Dom Casmurro 1.mp3' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Dom Casmurro 1.mp3"');
  });

  it('answers 403 in the error shape to a tampered, unsigned or re-pointed URL', async () => {
    const signed = new URL(await storage.signedUrl(key), 'http://app.test');
    const signature = signed.searchParams.get('signature') ?? '';
    const tampered = new URL(signed);
    tampered.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
    const later = new URL(signed);
    later.searchParams.set('expires', String(Number(signed.searchParams.get('expires')) + 3600));
    const other = new URL(signed);
    other.pathname = `/api/files/${newObjectKey('audio', 'mp3')}`;
    const named = new URL(signed);
    named.searchParams.set('name', 'x.mp3');
    for (const url of [tampered, later, other, named, new URL(signed.pathname, signed)]) {
      const response = await get(`${url.pathname}${url.search}`, { 'accept-language': 'en' });
      expect(response.statusCode, url.toString()).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'FORBIDDEN', message: 'You are not allowed to do that.' },
      });
    }
  });

  it('answers 403 once the URL has expired', async () => {
    const url = await storage.signedUrl(key, { expiresInSeconds: 60 });
    expect((await get(url)).statusCode).toBe(200);
    clock += 61_000;
    const response = await get(url);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('answers 404 to a well-signed URL of a file that is gone', async () => {
    const gone = newObjectKey('audio', 'mp3');
    await storage.put(gone, Buffer.from('x'), { contentType: MP3 });
    const url = await storage.signedUrl(gone);
    await storage.delete(gone);
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it.each([
    '/api/files/audio/%2e%2e/%2e%2e/etc/passwd',
    '/api/files/..%2f..%2fetc%2fpasswd',
    '/api/files/.x',
  ])('serves nothing for %s, whatever the signature', async (url) => {
    const signed = new URL(await storage.signedUrl(key), 'http://app.test');
    const response = await get(`${url}${signed.search}`);
    // 403 from the route, or 404 when the URL parser has already folded the dots away.
    expect([403, 404]).toContain(response.statusCode);
    expect(response.json()).toHaveProperty('error.code');
  });
});

describe('the storage key', () => {
  it('is kept in the database: another instance serves what one signed', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'summa-files-'));
    const first = await createTestApp('pglite', { env: { STORAGE_DIR: scratch } });
    const second = await buildApp({ config: testConfig({ STORAGE_DIR: scratch }), database: first.database });
    try {
      const key = newObjectKey('audio', 'mp3');
      await first.app.storage.put(key, AUDIO, { contentType: MP3 });
      const url = await first.app.storage.signedUrl(key);
      const response = await second.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(AUDIO);
    } finally {
      await second.close();
      await first.close();
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('is not served by the app when the files are in S3', async () => {
    const context = await createTestApp('pglite', {
      env: {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'summa',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
    });
    try {
      expect(context.app.storage.driver).toBe('s3');
      const response = await context.app.inject({ method: 'GET', url: '/api/files/audio/2026/11/a.mp3' });
      expect(response.statusCode).toBe(404);
      const csp = response.headers['content-security-policy'];
      expect(csp).toContain("media-src 'self' blob: https://summa.s3.us-east-1.amazonaws.com");
    } finally {
      await context.close();
    }
  });
});
