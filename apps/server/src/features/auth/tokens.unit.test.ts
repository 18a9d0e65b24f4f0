import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from './tokens.service.js';

const claims = {
  userId: '6f1c3a52-3c1b-4c55-9d2e-7e9a4f0b1c2d',
  sessionId: '0b8f7e6d-5c4b-4a39-8281-706f5e4d3c2b',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verifies a token again from memory until it expires, then refuses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createAccessTokens('x'.repeat(32));
    const { token } = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('knows a token without waiting only once its signature was checked, and until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createAccessTokens('x'.repeat(32));
    const { token } = await tokens.sign(claims);
    expect(tokens.known(token)).toBeUndefined();
    expect(await tokens.verify(token)).toEqual(claims);
    expect(tokens.known(token)).toEqual(claims);
    expect(tokens.known(`${token}x`)).toBeUndefined();
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(tokens.known(token)).toBeUndefined();
  });

  it('refuses a token changed by one character, even after the original was verified', async () => {
    const tokens = createAccessTokens('x'.repeat(32));
    const { token } = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    // A character inside the payload: every bit of it counts.
    const at = token.indexOf('.') + 5;
    const changed = token[at] === 'A' ? 'B' : 'A';
    expect(await tokens.verify(`${token.slice(0, at)}${changed}${token.slice(at + 1)}`)).toBeUndefined();
    expect(await createAccessTokens('y'.repeat(32)).verify(token)).toBeUndefined();
  });
});
