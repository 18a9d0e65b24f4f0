import { describe, expect, it } from 'vitest';
import { OWASP_PASSWORD_HASHING } from '../../config/password-hashing.js';
import { Passwords } from './passwords.service.js';

describe('Passwords', () => {
  const production = new Passwords(OWASP_PASSWORD_HASHING);
  const cheap = new Passwords({ memoryKib: 8, passes: 1 });

  it('hashes with argon2id at the cost it is given', async () => {
    expect(await production.hash('correct horse')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await cheap.hash('correct horse')).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
  });

  it('verifies a hash made at another cost, which the hash carries', async () => {
    const stored = await production.hash('correct horse');
    expect(await cheap.verify(stored, 'correct horse')).toBe(true);
    expect(await cheap.verify(stored, 'wrong horse')).toBe(false);
    expect(await production.verify(await cheap.hash('correct horse'), 'correct horse')).toBe(true);
  });

  it('answers false without a hash or with a malformed one', async () => {
    expect(await cheap.verify(null, 'summa-dummy-password-for-timing')).toBe(false);
    expect(await cheap.verify(undefined, 'anything')).toBe(false);
    expect(await cheap.verify('not a hash', 'anything')).toBe(false);
  });
});
