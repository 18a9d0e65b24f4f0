import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, realpath, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import send from '@fastify/send';
import { isInside, isValidObjectKey, resolveObjectPath } from './object-key.js';
import {
  StorageError,
  type ObjectStorage,
  type PutOptions,
  type SignedUrlOptions,
  signedUrlSeconds,
} from './object-storage.js';
import { UrlSigner, type SignedQuery } from './url-signature.js';

export interface LocalStorageOptions {
  /** The storage root (STORAGE_DIR); created on the first write. */
  dir: string;
  /** Signs the URLs; it must survive restarts and be the same on every instance. */
  signingKey: string | Buffer;
  /** Where the app serves stored files (features/files). */
  urlPrefix?: string;
  /** The wall clock in ms; tests move it. */
  now?: () => number;
}

/** What a signed request may read, or why not. */
export type LocalFileAccess =
  | {
      status: 'ok';
      /** The real storage root and the key below it, for a file sender rooted there. */
      root: string;
      key: string;
      /** Seconds until the URL expires (the longest anyone may cache the answer). */
      maxAgeSeconds: number;
      downloadName: string | undefined;
    }
  | { status: 'forbidden'; reason: 'malformed' | 'tampered' | 'expired' }
  | { status: 'missing' };

export const FILES_URL_PREFIX = '/api/files';

/**
 * Files under a directory. A write goes to a temporary dot-file beside its target (which no key
 * can name), is flushed to disk and renamed over the key, so a crash leaves either the whole
 * file or none under the key. Reads go through the app's files route with HMAC-signed URLs.
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local';
  readonly externalOrigin = undefined;
  readonly root: string;
  private readonly signer: UrlSigner;
  private readonly urlPrefix: string;
  private readonly now: () => number;
  private realRoot: string | undefined;

  constructor(options: LocalStorageOptions) {
    this.root = path.resolve(options.dir);
    this.signer = new UrlSigner(options.signingKey);
    this.urlPrefix = options.urlPrefix ?? FILES_URL_PREFIX;
    this.now = options.now ?? (() => Date.now());
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<{ bytes: number }> {
    const file = resolveObjectPath(this.root, key);
    const expected = send.mime.getType(key);
    // This driver serves the type of the extension, so the two must agree.
    if (expected !== options.contentType) {
      throw new Error(`key ${key} is served as ${String(expected)}, not ${options.contentType}`);
    }
    const dir = path.dirname(file);
    const temp = path.join(dir, `.${randomUUID()}.part`);
    let handle: FileHandle | undefined;
    try {
      await mkdir(dir, { recursive: true });
      await this.assertInsideRoot(dir);
      handle = await open(temp, 'wx', 0o644);
      let bytes = 0;
      if (Buffer.isBuffer(body)) {
        await handle.writeFile(body);
        bytes = body.length;
      } else {
        for await (const chunk of body as AsyncIterable<unknown>) {
          if (!(chunk instanceof Uint8Array)) throw new TypeError('storage streams must yield bytes');
          await handle.write(chunk);
          bytes += chunk.length;
        }
      }
      await handle.sync();
      await handle.close();
      handle = undefined;
      await rename(temp, file);
      await syncDirectory(dir);
      return { bytes };
    } catch (error) {
      await handle?.close().catch(() => undefined);
      await rm(temp, { force: true }).catch(() => undefined);
      throw new StorageError('put', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    const file = resolveObjectPath(this.root, key);
    try {
      await rm(file, { force: true });
    } catch (error) {
      // `force` forgives only ENOENT; a path through a non-folder (ENOTDIR) holds no file either.
      if (isMissing(error)) return;
      throw new StorageError('delete', key, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.locate(key)) !== undefined;
  }

  async read(key: string): Promise<Buffer | undefined> {
    const realRoot = await this.locate(key);
    if (realRoot === undefined) return undefined;
    try {
      return await readFile(resolveObjectPath(realRoot, key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new StorageError('read', key, error);
    }
  }

  async signedUrl(key: string, options: SignedUrlOptions = {}): Promise<string> {
    resolveObjectPath(this.root, key);
    const expiresAt = Math.floor(this.now() / 1000) + signedUrlSeconds(options);
    return `${this.urlPrefix}/${key}?${this.signer.sign(key, expiresAt, options.downloadName)}`;
  }

  /** Checks a request for `key` made with a signed URL's query: what it may read, or why not. */
  async access(key: string, query: SignedQuery): Promise<LocalFileAccess> {
    if (!isValidObjectKey(key)) return { status: 'forbidden', reason: 'malformed' };
    const nowSeconds = Math.floor(this.now() / 1000);
    const check = this.signer.check(key, query, nowSeconds);
    if (!check.valid) return { status: 'forbidden', reason: check.reason };
    const realRoot = await this.locate(key);
    if (realRoot === undefined) return { status: 'missing' };
    return {
      status: 'ok',
      root: realRoot,
      key,
      maxAgeSeconds: Math.max(0, check.expiresAt - nowSeconds),
      downloadName: check.downloadName,
    };
  }

  async close(): Promise<void> {}

  /** The real root when the key names a regular file that really lies under it (no symlink out). */
  private async locate(key: string): Promise<string | undefined> {
    const file = resolveObjectPath(this.root, key);
    try {
      const [realRoot, realFile] = await Promise.all([this.resolveRoot(), realpath(file)]);
      // No symbolic link on the way, inside the root or out of it.
      if (
        !isInside(realRoot, realFile) ||
        path.relative(realRoot, realFile) !== path.join(...key.split('/'))
      ) {
        return undefined;
      }
      return (await stat(realFile)).isFile() ? realRoot : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new StorageError('exists', key, error);
    }
  }

  private async resolveRoot(): Promise<string> {
    this.realRoot ??= await realpath(this.root);
    return this.realRoot;
  }

  private async assertInsideRoot(dir: string): Promise<void> {
    const [realRoot, realDir] = await Promise.all([this.resolveRoot(), realpath(dir)]);
    // No symbolic link on the way, inside the root or out of it.
    if (path.relative(realRoot, realDir) !== path.relative(this.root, dir)) {
      throw new Error(`${dir} leads outside the storage root`);
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Makes the rename itself durable; some platforms cannot open a directory, and lose nothing else. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort: the file's own data is already flushed.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
