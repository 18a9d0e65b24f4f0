import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InvalidObjectKeyError,
  assertObjectKey,
  isInside,
  isValidObjectKey,
  newObjectKey,
  resolveObjectPath,
} from './object-key.js';

const ROOT = path.resolve('/srv/summa/storage');

/** Pieces that path tricks are made of, joined by either separator. */
const trickyKey = fc
  .array(
    fc.constantFrom(
      '..',
      '.',
      '',
      'audio',
      'a.mp3',
      '.hidden',
      '..mp3',
      '%2e%2e',
      'a\0b',
      'C:',
      '~',
      'x y',
      'ä',
      '\\',
      '..\\..',
      '/etc',
      'b..c',
      'a.b.c',
    ),
    { minLength: 1, maxLength: 6 },
  )
  .chain((segments) => fc.constantFrom('/', '\\', '//').map((separator) => segments.join(separator)));

const anyKey = fc.oneof(
  trickyKey,
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ maxLength: 80 }),
);

describe('storage keys', () => {
  it('makes keys by area and month, with a random name', () => {
    const key = newObjectKey('audio', 'mp3', new Date('2026-11-23T12:00:00Z'));
    expect(key).toMatch(/^audio\/2026\/11\/[0-9a-f-]{36}\.mp3$/);
    expect(newObjectKey('audio', 'mp3')).not.toBe(newObjectKey('audio', 'mp3'));
  });

  it('refuses areas and extensions that are not plain words', () => {
    for (const area of ['..', '', 'a/b', 'a.b', '.x', 'a\\b'])
      expect(() => newObjectKey(area, 'mp3')).toThrow();
    for (const extension of ['', 'MP3', 'mp3/..', '.mp3', 'verylongext']) {
      expect(() => newObjectKey('audio', extension)).toThrow();
    }
  });

  it.each([
    '../etc/passwd',
    'audio/../../etc/passwd',
    '/etc/passwd',
    'audio//a.mp3',
    'audio/./a.mp3',
    'audio\\..\\a.mp3',
    'audio/a.mp3\0.png',
    'audio/.a.mp3',
    'audio/a..mp3',
    'audio/',
    '',
    'C:/a.mp3',
    'audio/a%2f.mp3',
    `${'a/'.repeat(8)}a.mp3`,
    `audio/${'a'.repeat(300)}.mp3`,
  ])('refuses %j', (key) => {
    expect(isValidObjectKey(key)).toBe(false);
    expect(() => assertObjectKey(key)).toThrow(InvalidObjectKeyError);
    expect(() => resolveObjectPath(ROOT, key)).toThrow(InvalidObjectKeyError);
  });

  it('accepts every key it makes, each resolving below the root', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('audio', 'avatars', 'a-b_c'),
        fc.constantFrom('mp3', 'webp', 'png', 'jpg'),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (area, extension, date) => {
          const key = newObjectKey(area, extension, date);
          const file = resolveObjectPath(ROOT, key);
          expect(isInside(ROOT, file)).toBe(true);
          expect(path.relative(ROOT, file)).toBe(path.join(...key.split('/')));
        },
      ),
    );
  });

  it('lets no accepted key resolve outside the root, or anywhere but the path it names', () => {
    fc.assert(
      fc.property(anyKey, (key) => {
        if (!isValidObjectKey(key)) {
          expect(() => resolveObjectPath(ROOT, key)).toThrow(InvalidObjectKeyError);
          return;
        }
        const file = resolveObjectPath(ROOT, key);
        expect(isInside(ROOT, file)).toBe(true);
        expect(path.relative(ROOT, file)).toBe(path.join(...key.split('/')));
        expect(key).not.toMatch(/\.\.|\\|\0|^\/|\/\/|(^|\/)\./);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells inside from outside', () => {
    expect(isInside(ROOT, path.join(ROOT, 'a'))).toBe(true);
    expect(isInside(ROOT, ROOT)).toBe(false);
    expect(isInside(ROOT, path.dirname(ROOT))).toBe(false);
    expect(isInside(ROOT, `${ROOT}-other/a`)).toBe(false);
  });
});
