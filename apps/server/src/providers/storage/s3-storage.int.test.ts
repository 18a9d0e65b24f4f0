import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_S3_CREDENTIALS, startFakeS3, type FakeS3 } from '../../test/fake-s3-server.js';
import { InvalidObjectKeyError, newObjectKey } from './object-key.js';
import { StorageError, type S3Settings } from './object-storage.js';
import { S3Storage } from './s3-storage.js';

const MP3 = 'audio/mpeg';
const AUDIO = Buffer.from(Array.from({ length: 20_000 }, (_, index) => (index * 7) % 256));

describe('S3 storage against a local S3 server', () => {
  let s3: FakeS3;
  let settings: S3Settings;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startFakeS3();
    settings = {
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      ...FAKE_S3_CREDENTIALS,
      forcePathStyle: true,
    };
    storage = new S3Storage(settings);
  });

  afterAll(async () => {
    await storage.close();
    await s3.close();
  });

  it('stores a buffer and reads it back through a presigned URL valid 3600 s', async () => {
    const key = newObjectKey('audio', 'mp3');
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeUndefined();
    expect(await storage.put(key, AUDIO, { contentType: MP3 })).toEqual({ bytes: AUDIO.length });
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.read(key)).toEqual(AUDIO);

    const url = await storage.signedUrl(key);
    expect(new URL(url).origin).toBe(storage.externalOrigin);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(MP3);
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(AUDIO);
  });

  it('stores a stream, and answers ranges through the presigned URL', async () => {
    const key = newObjectKey('audio', 'mp3');
    const chunks = [AUDIO.subarray(0, 5_000), AUDIO.subarray(5_000)];
    expect(await storage.put(key, Readable.from(chunks), { contentType: MP3 })).toEqual({
      bytes: AUDIO.length,
    });
    const response = await fetch(await storage.signedUrl(key), { headers: { range: 'bytes=100-199' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-199/${AUDIO.length}`);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(AUDIO.subarray(100, 200));
  });

  it('signs the offered download name into the URL', async () => {
    const key = newObjectKey('audio', 'mp3');
    await storage.put(key, AUDIO, { contentType: MP3 });
    const response = await fetch(await storage.signedUrl(key, { downloadName: 'Dom Casmurro 1.mp3' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Dom Casmurro 1.mp3"');
    await response.arrayBuffer();
  });

  it('has its presigned URLs refused once expired or tampered with', async () => {
    const key = newObjectKey('audio', 'mp3');
    await storage.put(key, AUDIO, { contentType: MP3 });
    // Signed 3601 s ago: the server finds it past its 3600 s.
    const past = new S3Storage(settings, { now: () => Date.now() - 3_601_000 });
    try {
      const expired = await fetch(await past.signedUrl(key));
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
    } finally {
      await past.close();
    }
    const tampered = new URL(await storage.signedUrl(key));
    tampered.searchParams.set('X-Amz-Expires', '7200');
    const response = await fetch(tampered);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('SignatureDoesNotMatch');
  });

  it('deletes, and deleting a missing object is no error', async () => {
    const key = newObjectKey('audio', 'mp3');
    await storage.put(key, AUDIO, { contentType: MP3 });
    const url = await storage.signedUrl(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect((await fetch(url)).status).toBe(404);
    await storage.delete(key);
  });

  it('rejects with a StorageError carrying the cause when the server refuses or cannot be reached', async () => {
    const wrongKey = new S3Storage({ ...settings, secretAccessKey: 'wrong' });
    const unreachable = new S3Storage({ ...settings, endpoint: 'http://127.0.0.1:2' });
    const missingBucket = new S3Storage({ ...settings, bucket: 'no-such-bucket' });
    try {
      for (const [failing, pattern] of [
        [wrongKey, /signature/i],
        [unreachable, /ECONNREFUSED/],
        [missingBucket, /bucket/i],
      ] as const) {
        const put = failing.put(newObjectKey('audio', 'mp3'), AUDIO, { contentType: MP3 });
        await expect(put).rejects.toBeInstanceOf(StorageError);
        await expect(put).rejects.toThrow(pattern);
      }
      await expect(unreachable.exists(newObjectKey('audio', 'mp3'))).rejects.toBeInstanceOf(StorageError);
    } finally {
      await Promise.all([wrongKey.close(), unreachable.close(), missingBucket.close()]);
    }
  });

  it('refuses keys it could not have made', async () => {
    for (const key of ['../x.mp3', '/x.mp3', 'audio//x.mp3']) {
      await expect(storage.put(key, AUDIO, { contentType: MP3 })).rejects.toThrow(InvalidObjectKeyError);
      await expect(storage.signedUrl(key)).rejects.toThrow(InvalidObjectKeyError);
    }
  });
});
