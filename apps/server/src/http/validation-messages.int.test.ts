import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { fillTemplate, PASSWORD_MIN_LENGTH, translations, type ErrorResponse } from '@summa/shared';
import { LANGUAGES } from '@summa/shared/languages';
import { createTestApp, TEST_DATABASES, type TestContext } from '../test/test-app.js';
import { bearer, signUpTestUser, uniqueEmail, uniqueIp } from '../test/test-users.js';

/**
 * A refusal the contract names is answered in the words the web shows for it under the field
 * (issue 22): the same text, in the caller's language.
 */
describe.each(TEST_DATABASES)('named refusals in VALIDATION_ERROR on %s', (kind) => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp(kind);
  });
  afterAll(async () => {
    await context.close();
  });

  const inject = (options: InjectOptions) => context.app.inject({ remoteAddress: uniqueIp(), ...options });
  const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorResponse).error;

  it.each(LANGUAGES)(
    'words a sign-up, a login and a profile refusal in %s as the form does',
    async (language) => {
      const texts = translations[language];
      const headers = { 'accept-language': language };
      const signup = await inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers,
        payload: { email: 'not-an-email', password: 'secret1', full_name: 'Ana', signup_language: language },
      });
      expect(signup.statusCode).toBe(400);
      expect(errorOf(signup)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: texts.auth.validation.emailInvalid,
        fields: [{ path: 'body.email' }],
      });

      const login = await inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: uniqueEmail(), password: '12345' },
      });
      expect(login.statusCode).toBe(400);
      expect(errorOf(login).message).toBe(
        fillTemplate(texts.auth.validation.passwordTooShort, { min: PASSWORD_MIN_LENGTH }),
      );

      const reader = await signUpTestUser(context.app);
      const profile = await inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: { ...headers, ...bearer(reader.session) },
        payload: { nickname: 'Ad\u200Bmin' },
      });
      expect(profile.statusCode).toBe(400);
      expect(errorOf(profile).message).toBe(texts.settings.nickname.invisible);
    },
  );

  it('keeps the general message for a refusal no contract names', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'en' },
      payload: { email: uniqueEmail(), password: 'secret1', full_name: 'Ana', signup_language: 'fr' },
    });
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: translations.en.errors.VALIDATION_ERROR,
    });
  });
});
