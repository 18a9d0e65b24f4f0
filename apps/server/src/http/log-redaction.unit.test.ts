import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides one-time secrets in query strings', () => {
    expect(redactUrl('/auth/reset?token=abc123')).toBe('/auth/reset?token=%5Bredacted%5D');
    expect(redactUrl('/api/auth/google/callback?state=s3&code=c0de&scope=email')).toBe(
      '/api/auth/google/callback?state=%5Bredacted%5D&code=%5Bredacted%5D&scope=email',
    );
    // A stored file's signed URL lets its holder read the file until it expires.
    expect(redactUrl('/api/files/audio/2026/11/a.mp3?expires=1800000000&signature=AbC_d-1')).toBe(
      '/api/files/audio/2026/11/a.mp3?expires=1800000000&signature=%5Bredacted%5D',
    );
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/api/catalog/books?q=token&page=2')).toBe('/api/catalog/books?q=token&page=2');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});
