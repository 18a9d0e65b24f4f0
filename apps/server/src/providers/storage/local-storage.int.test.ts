import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.js';
import { InvalidObjectKeyError, newObjectKey } from './object-key.js';
import { StorageError } from './object-storage.js';

const MP3 = 'audio/mpeg';
let scratch: string;
let clock: number;
let storage: LocalStorage;

beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'summa-storage-'));
  clock = Date.UTC(2026, 10, 23, 12);
  storage = new LocalStorage({
    dir: path.join(scratch, 'storage'),
    signingKey: 's'.repeat(64),
    now: () => clock,
  });
});

afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** Every file below a directory, relative, dot-files included. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('local storage', () => {
  it('stores a buffer under its key and nothing else', async () => {
    const key = newObjectKey('audio', 'mp3');
    const body = Buffer.from('ID3 not really an mp3');
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeUndefined();
    expect(await storage.put(key, body, { contentType: MP3 })).toEqual({ bytes: body.length });
    expect(await storage.exists(key)).toBe(true);
    expect(await readFile(path.join(storage.root, key))).toEqual(body);
    expect(await storage.read(key)).toEqual(body);
    expect(await filesUnder(storage.root)).toEqual([path.join(...key.split('/'))]);
  });

  it('shows a streamed file under its key only once it is whole', async () => {
    const key = newObjectKey('audio', 'mp3');
    const body = new PassThrough();
    const stored = storage.put(key, body, { contentType: MP3 });
    body.write(Buffer.alloc(64 * 1024, 1));
    // Wait (a bounded number of turns) until the write has begun on disk.
    for (let turn = 0; turn < 10_000 && (await filesUnder(storage.root)).length === 0; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const during = await filesUnder(storage.root);
    expect(during).toHaveLength(1);
    expect(path.basename(during[0] ?? '')).toMatch(/^\..*\.part$/);
    expect(await storage.exists(key)).toBe(false);
    body.end(Buffer.alloc(1000, 2));
    expect(await stored).toEqual({ bytes: 64 * 1024 + 1000 });
    expect(await storage.exists(key)).toBe(true);
    expect((await readFile(path.join(storage.root, key))).length).toBe(64 * 1024 + 1000);
  });

  it('leaves neither the file nor a temporary one when the body fails half-way', async () => {
    const key = newObjectKey('audio', 'mp3');
    async function* failing() {
      yield Buffer.alloc(10_000, 1);
      throw new Error('the encoder died');
    }
    const error = await rejection(storage.put(key, Readable.from(failing()), { contentType: MP3 }));
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).operation).toBe('put');
    expect(((error as StorageError).cause as Error).message).toBe('the encoder died');
    expect(await storage.exists(key)).toBe(false);
    expect(await filesUnder(storage.root)).toEqual([]);
  });

  it('replaces a key whole when written again', async () => {
    const key = newObjectKey('audio', 'mp3');
    await storage.put(key, Buffer.from('first'), { contentType: MP3 });
    await storage.put(key, Buffer.from('second'), { contentType: MP3 });
    expect(await readFile(path.join(storage.root, key), 'utf8')).toBe('second');
  });

  it('deletes, and deleting a missing file is no error', async () => {
    const key = newObjectKey('audio', 'mp3');
    await storage.put(key, Buffer.from('x'), { contentType: MP3 });
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key);
  });

  it('refuses a storage folder it cannot create with a StorageError carrying the cause', async () => {
    // As root, chmod does not stop writes; a regular file where a folder must be does.
    const blocker = path.join(scratch, 'not-a-folder');
    await writeFile(blocker, 'x');
    const blocked = new LocalStorage({ dir: path.join(blocker, 'storage'), signingKey: 'k' });
    const error = await rejection(
      blocked.put(newObjectKey('audio', 'mp3'), Buffer.from('x'), { contentType: MP3 }),
    );
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toMatch(/^(ENOTDIR|EEXIST)$/);
  });

  it('refuses a read-only folder with a StorageError carrying the cause', async (context) => {
    const key = newObjectKey('audio', 'mp3');
    await storage.put(key, Buffer.from('x'), { contentType: MP3 });
    const folder = path.dirname(path.join(storage.root, key));
    const root = process.getuid?.() === 0;
    // root ignores permission bits; the immutable attribute stops root too (where chattr works).
    try {
      if (root) execFileSync('chattr', ['+i', folder], { stdio: 'ignore' });
      else execFileSync('chmod', ['0555', folder]);
    } catch {
      context.skip('neither chmod nor chattr can make a folder read-only here');
    }
    try {
      const error = await rejection(
        storage.put(newObjectKey('audio', 'mp3'), Buffer.from('y'), { contentType: MP3 }),
      );
      expect(error).toBeInstanceOf(StorageError);
      expect((error as StorageError).code).toMatch(/^(EACCES|EPERM|EROFS)$/);
      expect((error as StorageError).message).toContain('storage put of audio/');
    } finally {
      if (root) execFileSync('chattr', ['-i', folder]);
      else execFileSync('chmod', ['0755', folder]);
    }
  });

  it('follows no symbolic link out of the root, for writing or reading', async () => {
    const outside = path.join(scratch, 'outside');
    await mkdir(path.join(outside, '2026', '11'), { recursive: true });
    await writeFile(path.join(outside, '2026', '11', 'secret.mp3'), 'secret');
    await mkdir(storage.root, { recursive: true });
    await symlink(outside, path.join(storage.root, 'audio'));

    const error = await rejection(
      storage.put(newObjectKey('audio', 'mp3', new Date('2026-11-01')), Buffer.from('x'), {
        contentType: MP3,
      }),
    );
    expect(error).toBeInstanceOf(StorageError);
    expect(await filesUnder(outside)).toEqual([path.join('2026', '11', 'secret.mp3')]);

    const key = 'audio/2026/11/secret.mp3';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeUndefined();
    const url = new URL(await storage.signedUrl(key), 'http://app.test');
    const access = await storage.access(key, Object.fromEntries(url.searchParams));
    expect(access).toEqual({ status: 'missing' });
  });

  it('refuses keys it could not have made, on every operation', async () => {
    for (const key of ['../x.mp3', '/etc/passwd', 'audio/../../x.mp3', 'audio\\x.mp3', 'audio/.x.mp3']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: MP3 })).rejects.toThrow(
        InvalidObjectKeyError,
      );
      await expect(storage.exists(key)).rejects.toThrow(InvalidObjectKeyError);
      await expect(storage.read(key)).rejects.toThrow(InvalidObjectKeyError);
      await expect(storage.delete(key)).rejects.toThrow(InvalidObjectKeyError);
      await expect(storage.signedUrl(key)).rejects.toThrow(InvalidObjectKeyError);
      expect(await storage.access(key, {})).toEqual({ status: 'forbidden', reason: 'malformed' });
    }
  });

  it('stores only what it will serve with the same type', async () => {
    await expect(
      storage.put(newObjectKey('audio', 'mp3'), Buffer.from('x'), { contentType: 'audio/wav' }),
    ).rejects.toThrow(/served as audio\/mpeg/);
  });

  it('signs URLs for 3600 s by default, and reads them back until then', async () => {
    const key = newObjectKey('audio', 'mp3');
    await storage.put(key, Buffer.from('x'), { contentType: MP3 });
    const url = new URL(await storage.signedUrl(key), 'http://app.test');
    expect(url.pathname).toBe(`/api/files/${key}`);
    expect(Number(url.searchParams.get('expires'))).toBe(clock / 1000 + 3600);
    const query = Object.fromEntries(url.searchParams);
    expect(await storage.access(key, query)).toMatchObject({ status: 'ok', key, maxAgeSeconds: 3600 });
    clock += 3_000_000;
    expect(await storage.access(key, query)).toMatchObject({ status: 'ok', maxAgeSeconds: 600 });
    clock += 601_000;
    expect(await storage.access(key, query)).toEqual({ status: 'forbidden', reason: 'expired' });
  });

  it('signs only lifetimes of 1 s to 7 days', async () => {
    const key = newObjectKey('audio', 'mp3');
    for (const expiresInSeconds of [0, -1, 1.5, 604_801, Number.NaN]) {
      await expect(storage.signedUrl(key, { expiresInSeconds })).rejects.toThrow(RangeError);
    }
    expect(await storage.signedUrl(key, { expiresInSeconds: 604_800 })).toContain(
      `expires=${clock / 1000 + 604_800}`,
    );
  });
});
