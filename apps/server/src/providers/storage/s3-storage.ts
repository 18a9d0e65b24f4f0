import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { create as contentDisposition } from 'content-disposition';
import { assertObjectKey } from './object-key.js';
import { s3Origin } from './s3-origin.js';
import {
  StorageError,
  type ObjectStorage,
  type PutOptions,
  type S3Settings,
  type SignedUrlOptions,
  signedUrlSeconds,
} from './object-storage.js';

export interface S3StorageOptions {
  /** The wall clock in ms: presigned URLs are dated by it (tests date them in the past). */
  now?: () => number;
}

/** Bounded waits: a storage that hangs fails the audio instead of holding the request. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Objects in an S3-compatible bucket, read through presigned GET URLs. S3 writes an object
 * whole or not at all, so a failed upload leaves nothing under the key.
 */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3';
  readonly externalOrigin: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly now: () => number;

  constructor(settings: S3Settings, options: S3StorageOptions = {}) {
    this.bucket = settings.bucket;
    this.now = options.now ?? (() => Date.now());
    this.externalOrigin = s3Origin(settings);
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: many S3-compatible servers refuse the newer
      // checksum headers and the aws-chunked uploads that come with them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<{ bytes: number }> {
    assertObjectKey(key);
    try {
      // A PutObject needs its length up front; stored files (audio parts, avatars) are a few MB at most.
      const bytes = Buffer.isBuffer(body) ? body : await collect(body);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: options.contentType,
        }),
      );
      return { bytes: bytes.length };
    } catch (error) {
      throw new StorageError('put', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw new StorageError('delete', key, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    assertObjectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
      throw new StorageError('exists', key, error);
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    assertObjectKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
      throw new StorageError('read', key, error);
    }
  }

  async signedUrl(key: string, options: SignedUrlOptions = {}): Promise<string> {
    assertObjectKey(key);
    const expiresIn = signedUrlSeconds(options);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseCacheControl: `private, max-age=${expiresIn}`,
      ResponseContentDisposition:
        options.downloadName === undefined ? undefined : contentDisposition(options.downloadName),
    });
    try {
      return await getSignedUrl(this.client, command, { expiresIn, signingDate: new Date(this.now()) });
    } catch (error) {
      throw new StorageError('signedUrl', key, error);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<unknown>) {
    if (!(chunk instanceof Uint8Array)) throw new TypeError('storage streams must yield bytes');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
