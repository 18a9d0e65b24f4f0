import { afterEach, describe, expect, it } from 'vitest';
import { authPathFor, rememberReturnPath, safeReturnPath, takeReturnPath } from './return-target';

afterEach(() => sessionStorage.clear());

describe('safeReturnPath', () => {
  it('accepts same-origin relative paths, with their query and fragment', () => {
    expect(safeReturnPath('/summary/abc')).toBe('/summary/abc');
    expect(safeReturnPath('/summary/abc?lang=pt#part-2')).toBe('/summary/abc?lang=pt#part-2');
    expect(safeReturnPath('/library')).toBe('/library');
  });

  it.each([
    null,
    '',
    'summary/abc',
    'https://evil.com/summary',
    'http:evil.com',
    '//evil.com',
    '//evil.com/summary/abc',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    '/%2F%2Fevil.com',
    '/%2fevil.com',
    '/%5Cevil.com',
    '%2F%2Fevil.com',
    'javascript%3Aalert(1)',
    '/\tevil',
    '/%E0%A4%A',
    '/auth?next=/summary/abc',
    '/welcome',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('remembered return path', () => {
  it('is read once, and only if still safe', () => {
    rememberReturnPath('/summary/abc');
    expect(takeReturnPath()).toBe('/summary/abc');
    expect(takeReturnPath()).toBeNull();
    sessionStorage.setItem('summa.returnTo', '//evil.com');
    expect(takeReturnPath()).toBeNull();
  });

  it('is not kept when unsafe', () => {
    rememberReturnPath('https://evil.com');
    expect(sessionStorage.getItem('summa.returnTo')).toBeNull();
  });
});

describe('authPathFor', () => {
  it('carries a safe target in ?next=, and drops an unsafe one', () => {
    expect(authPathFor('/summary/abc?x=1')).toBe('/auth?next=%2Fsummary%2Fabc%3Fx%3D1');
    expect(authPathFor('//evil.com')).toBe('/auth');
  });
});
