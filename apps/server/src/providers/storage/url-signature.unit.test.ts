import { describe, expect, it } from 'vitest';
import { UrlSigner } from './url-signature.js';

const KEY = 'audio/2026/11/0b0e6a52-3c1f-4c55-9a55-2a0c1b9e0f11.mp3';
const signer = new UrlSigner('k'.repeat(64));

function query(search: string) {
  const params = new URLSearchParams(search);
  return {
    expires: params.get('expires') ?? undefined,
    signature: params.get('signature') ?? undefined,
    name: params.get('name') ?? undefined,
  };
}

describe('signed URL queries', () => {
  const signed = query(signer.sign(KEY, 1_000, 'Dom Casmurro — parte 1.mp3'));

  it('accepts what it signed until the expiry second, inclusive', () => {
    expect(signer.check(KEY, signed, 1_000)).toEqual({
      valid: true,
      expiresAt: 1_000,
      downloadName: 'Dom Casmurro — parte 1.mp3',
    });
    expect(signer.check(KEY, signed, 1_001)).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuses a changed key, expiry, name or signature, and another server key', () => {
    const other = KEY.replace('.mp3', '0.mp3');
    expect(signer.check(other, signed, 0)).toMatchObject({ reason: 'tampered' });
    expect(signer.check(KEY, { ...signed, expires: '999999' }, 0)).toMatchObject({ reason: 'tampered' });
    expect(signer.check(KEY, { ...signed, name: 'x.mp3' }, 0)).toMatchObject({ reason: 'tampered' });
    expect(signer.check(KEY, { ...signed, name: undefined }, 0)).toMatchObject({ reason: 'tampered' });
    const flipped = `${signed.signature?.[0] === 'A' ? 'B' : 'A'}${signed.signature?.slice(1) ?? ''}`;
    expect(signer.check(KEY, { ...signed, signature: flipped }, 0)).toMatchObject({ reason: 'tampered' });
    expect(new UrlSigner('z'.repeat(64)).check(KEY, signed, 0)).toMatchObject({ reason: 'tampered' });
  });

  it.each([
    {},
    { expires: '1000' },
    { expires: '-1', signature: 'a'.repeat(43) },
    { expires: '1e3', signature: 'a'.repeat(43) },
    { expires: '1000', signature: 'short' },
    { expires: '1000', signature: `${'a'.repeat(42)}=` },
  ])('calls %j malformed', (bad) => {
    expect(signer.check(KEY, bad, 0)).toEqual({ valid: false, reason: 'malformed' });
  });
});
