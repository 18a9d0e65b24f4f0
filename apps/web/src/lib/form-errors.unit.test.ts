import { zodResolver } from '@hookform/resolvers/zod';
import {
  feedbackRequestSchema,
  generateSummaryRequestSchema,
  loginRequestSchema,
  mistakeText,
  nicknameSchema,
  signupRequestSchema,
  timeZoneSchema,
  translations,
} from '@summa/shared';
import { LANGUAGES } from '@summa/shared/languages';
import type { FieldError } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { fieldErrorText, serverFieldError } from './form-errors';
import { i18n, setLanguage } from './i18n';

const SIGNUP = {
  email: 'ana@example.com',
  password: 'secret1',
  full_name: 'Ana Souza',
  signup_language: 'en',
};

/** A form's schema, the values typed, and the field the mistake is in. */
/** A form's contract: an object of fields. */
type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

const MISTAKES: [string, FormSchema, Record<string, unknown>, string][] = [
  ['an address that is not one', signupRequestSchema, { ...SIGNUP, email: 'ana@example' }, 'email'],
  ['a short password at sign-up', signupRequestSchema, { ...SIGNUP, password: '12345' }, 'password'],
  ['a short password at login', loginRequestSchema, { email: 'ana@example.com', password: '1' }, 'password'],
  ['markup in a name', signupRequestSchema, { ...SIGNUP, full_name: '<b>Ana</b>' }, 'full_name'],
  ['a blank name', signupRequestSchema, { ...SIGNUP, full_name: '   ' }, 'full_name'],
  [
    'an invisible character in a nickname',
    z.object({ nickname: nicknameSchema }),
    { nickname: 'Ad\u200Bmin' },
    'nickname',
  ],
  ['an unknown time zone', z.object({ timeZone: timeZoneSchema }), { timeZone: 'Mars/Olympus' }, 'timeZone'],
  [
    'a title over the limit',
    generateSummaryRequestSchema,
    { bookTitle: 'x'.repeat(301), bookAuthor: 'Ana', language: 'en' },
    'bookTitle',
  ],
  ['a comment over the limit', feedbackRequestSchema, { vote: 'up', comment: 'x'.repeat(1001) }, 'comment'],
];

/** The error the zod resolver gives a form for `field`, as React Hook Form holds it. */
async function resolverError(schema: FormSchema, values: Record<string, unknown>, field: string) {
  const result = await zodResolver(schema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const error: unknown = result.errors[field];
  return error as FieldError | undefined;
}

afterEach(() => {
  setLanguage('en');
});

describe('fieldErrorText (issue 22: client and server agree)', () => {
  describe.each(LANGUAGES)('in %s', (language) => {
    it.each(MISTAKES)(
      'refuses %s with the words the server answers',
      async (_name, schema, values, field) => {
        setLanguage(language);
        const error = await resolverError(schema, values, field);
        expect(error, 'the client refuses it').toBeDefined();
        // The server's VALIDATION_ERROR message for the same issue (plugins/error-handler.ts).
        const server = mistakeText(language, error?.message);
        expect(server).toEqual(expect.any(String));
        expect(fieldErrorText(i18n.t, error)).toBe(server);
      },
    );

    it("words a server's answer about a field by its code, and anything unnamed generally", () => {
      setLanguage(language);
      expect(fieldErrorText(i18n.t, { type: 'NICKNAME_TAKEN' })).toBe(
        translations[language].errors.NICKNAME_TAKEN,
      );
      expect(fieldErrorText(i18n.t, { type: 'custom', message: 'Invalid input' })).toBe(
        translations[language].errors.VALIDATION_ERROR,
      );
    });
  });

  it('is nothing for a field without an error', () => {
    expect(fieldErrorText(i18n.t, undefined)).toBeNull();
  });
});

describe('serverFieldError', () => {
  it("finds the field a server's answer is about, and nothing for other failures", () => {
    const fields = { EMAIL_TAKEN: 'email' } as const;
    expect(serverFieldError(new ApiError(409, 'EMAIL_TAKEN', 'taken'), fields)).toEqual({
      field: 'email',
      code: 'EMAIL_TAKEN',
    });
    expect(serverFieldError(new ApiError(401, 'INVALID_CREDENTIALS', ''), fields)).toBeNull();
    expect(serverFieldError(new TypeError('Failed to fetch'), fields)).toBeNull();
  });
});
