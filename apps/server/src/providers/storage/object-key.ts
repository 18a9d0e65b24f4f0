import { randomUUID } from 'node:crypto';
import path from 'node:path';

/**
 * One path segment: letters, digits, '_' and '-', and at most one '.' followed by an extension.
 * So no '.', '..', empty segment, dot-file, '\', '%', NUL, ':' or space can ever appear.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;
const MAX_KEY_LENGTH = 256;
const MAX_SEGMENTS = 8;

/** Whether the key is one this storage could have made: relative, plain segments, nothing to escape with. */
export function isValidObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  return segments.length <= MAX_SEGMENTS && segments.every((segment) => SEGMENT.test(segment));
}

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key ${JSON.stringify(key.slice(0, 300))}`);
    this.name = 'InvalidObjectKeyError';
  }
}

export function assertObjectKey(key: string): string {
  if (!isValidObjectKey(key)) throw new InvalidObjectKeyError(key);
  return key;
}

/**
 * A fresh key in an area, by month of creation: `audio/2026/11/<uuid>.mp3`. Keys are never
 * built from what a request says, so two writers never share one and none can be guessed.
 */
export function newObjectKey(area: string, extension: string, now: Date = new Date()): string {
  if (!SEGMENT.test(area) || area.includes('.'))
    throw new Error(`invalid storage area ${JSON.stringify(area)}`);
  if (!EXTENSION.test(extension)) throw new Error(`invalid file extension ${JSON.stringify(extension)}`);
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return assertObjectKey(`${area}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${extension}`);
}

/** Whether `target` lies strictly below `root` (both absolute). */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${path.sep}`) &&
    !path.isAbsolute(relative)
  );
}

/** The file of a valid key under `root`; throws for any other key. */
export function resolveObjectPath(root: string, key: string): string {
  const file = path.resolve(root, ...assertObjectKey(key).split('/'));
  // The key's shape already rules escapes out; this states the invariant the tests check.
  if (!isInside(path.resolve(root), file)) throw new InvalidObjectKeyError(key);
  return file;
}
