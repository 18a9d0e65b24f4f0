import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { s3Origin } from './s3-origin.js';

describe('the origin of presigned URLs (for the CSP)', () => {
  it.each([
    { region: 'us-east-1', bucket: 'summa', endpoint: undefined, forcePathStyle: false },
    { region: 'eu-west-3', bucket: 'summa-audio', endpoint: undefined, forcePathStyle: false },
    { region: 'us-east-1', bucket: 'summa.audio', endpoint: undefined, forcePathStyle: false },
    { region: 'us-east-1', bucket: 'summa', endpoint: undefined, forcePathStyle: true },
    {
      region: 'auto',
      bucket: 'summa',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      forcePathStyle: false,
    },
    { region: 'us-east-1', bucket: 'summa', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
  ])('is the one the SDK signs for %j', async (settings) => {
    // Presigning is local: no request leaves the machine.
    const client = new S3Client({
      ...settings,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: settings.bucket, Key: 'a/b.mp3' }));
    client.destroy();
    expect(s3Origin(settings)).toBe(new URL(url).origin);
  });
});
