import { describe, expect, it } from 'vitest';
import { avatarFileProblem, isTimeZone, nicknameProblem } from './settings-rules';

describe('settings rules', () => {
  it('checks a nickname by the contract: 3 to 20 characters after trimming', () => {
    expect(nicknameProblem('')).toBeNull();
    expect(nicknameProblem('   ')).toBeNull();
    expect(nicknameProblem(' ab ')).toBe('tooShort');
    expect(nicknameProblem('  abc  ')).toBeNull();
    expect(nicknameProblem('a'.repeat(20))).toBeNull();
    expect(nicknameProblem('a'.repeat(21))).toBe('tooLong');
    expect(nicknameProblem('ab\u0007cd')).toBe('invisible');
    expect(nicknameProblem('<b>x</b>')).toBeNull();
  });

  it('names what is wrong with the characters by the shared rule, before counting them', () => {
    expect(nicknameProblem('\u200B\u200B')).toBe('invisible');
    expect(nicknameProblem('Ad\u200Bmin')).toBe('invisible');
    expect(nicknameProblem('\u3164\u3164\u3164')).toBe('invisible');
    expect(nicknameProblem('Ana  Souza')).toBe('spacing');
    expect(nicknameProblem('...')).toBe('noLetterOrDigit');
    expect(nicknameProblem('ＡＤＭＩＮ')).toBeNull();
    expect(nicknameProblem('李小龙')).toBeNull();
  });

  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    const file = (size: number, type: string) => new Blob([new Uint8Array(size)], { type });
    expect(avatarFileProblem(file(2 * 1024 * 1024, 'image/png'))).toBeNull();
    expect(avatarFileProblem(file(10, 'image/jpeg'))).toBeNull();
    expect(avatarFileProblem(file(10, 'image/webp'))).toBeNull();
    expect(avatarFileProblem(file(2 * 1024 * 1024 + 1, 'image/webp'))).toBe('tooLarge');
    expect(avatarFileProblem(file(10, 'image/svg+xml'))).toBe('badType');
    expect(avatarFileProblem(file(10, ''))).toBe('badType');
  });

  it('knows IANA time zones', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
