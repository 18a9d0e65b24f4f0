import type { Readable } from 'node:stream';

export const STORAGE_DRIVERS = ['local', 's3'] as const;
export type StorageDriver = (typeof STORAGE_DRIVERS)[number];

/** How long a signed URL lets its holder read the object (spec §7: 3600 s). */
export const SIGNED_URL_SECONDS = 3600;
/** S3's own limit on presigned URLs (7 days); the local driver keeps to it too. */
const MAX_SIGNED_URL_SECONDS = 604_800;

/** The lifetime a signed URL asks for: a whole number of seconds, 1 to 7 days' worth. */
export function signedUrlSeconds(options: { expiresInSeconds?: number }): number {
  const seconds = options.expiresInSeconds ?? SIGNED_URL_SECONDS;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_SECONDS) {
    throw new RangeError(`a signed URL lives 1 to ${MAX_SIGNED_URL_SECONDS} whole seconds, not ${seconds}`);
  }
  return seconds;
}

export interface S3Settings {
  /** The S3-compatible API's URL; undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, most self-hosted servers). */
  forcePathStyle: boolean;
}

export type StorageSettings = { driver: 'local'; dir: string } | { driver: 's3'; s3: S3Settings };

export interface PutOptions {
  contentType: string;
}

export interface SignedUrlOptions {
  /** Seconds the URL stays valid; 3600 unless given. */
  expiresInSeconds?: number;
  /** Offered as the file name when the reader saves the object (Content-Disposition). */
  downloadName?: string;
}

/**
 * Where generated files (audio, avatars) live. Keys come from `newObjectKey`, never from a
 * request; every method refuses a key that `isValidObjectKey` refuses.
 */
export interface ObjectStorage {
  readonly driver: StorageDriver;
  /**
   * Stores the body under the key, whole or not at all: a reader never sees half an object.
   * Rejects with a StorageError (full or read-only disk, unreachable bucket...).
   */
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<{ bytes: number }>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The whole object in memory, or undefined when there is none: for small objects (covers). */
  read(key: string): Promise<Buffer | undefined>;
  /** A URL a browser can GET (with Range) until it expires; relative to the app for `local`. */
  signedUrl(key: string, options?: SignedUrlOptions): Promise<string>;
  /** The origin signed URLs point at when it is not the app's own (the CSP must allow it). */
  readonly externalOrigin: string | undefined;
  close(): Promise<void>;
}

export type StorageOperation = 'put' | 'delete' | 'exists' | 'read' | 'signedUrl';

/** A storage operation failed; `cause` holds the driver's error (EROFS, ENOSPC, an S3 answer...). */
export class StorageError extends Error {
  constructor(
    readonly operation: StorageOperation,
    readonly key: string,
    cause: unknown,
  ) {
    super(
      `storage ${operation} of ${key} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'StorageError';
  }

  /** The system error code of the cause when there is one (ENOSPC, EROFS, EACCES...). */
  get code(): string | undefined {
    const cause: unknown = this.cause;
    if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string') {
      return cause.code;
    }
    return undefined;
  }
}
