import type { AuthUser, Session } from '@summa/shared';

/** A signed-in session as the auth API returns it, valid for the next hour. */
export function testSession(
  options: {
    role?: AuthUser['role'];
    language?: AuthUser['preferred_language'];
    tokenSuffix?: string;
    emailConfirmed?: boolean;
  } = {},
): Session {
  const suffix = options.tokenSuffix === undefined ? '' : `-${options.tokenSuffix}`;
  return {
    access_token: `access${suffix}`,
    refresh_token: `refresh${suffix}`,
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: '5f0c7f3e-8a39-4d43-9d8b-2f1c3b9e6a01',
      email: 'ana@example.com',
      full_name: 'Ana Souza',
      role: options.role ?? 'user',
      email_confirmed: options.emailConfirmed ?? true,
      has_password: true,
      preferred_language: options.language ?? 'en',
      plan: 'free',
      created_at: '2026-03-01T12:00:00.000Z',
    },
  };
}
