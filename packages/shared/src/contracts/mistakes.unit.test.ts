import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translations } from '../i18n/index.js';
import { LANGUAGES } from '../languages.js';
import { nicknameSchema } from '../nickname.js';
import { loginRequestSchema, signupRequestSchema } from './auth.js';
import { timeZoneSchema } from './gamification.js';
import { MISTAKES, mistakeOf, mistakeText, type MistakeKey } from './mistakes.js';
import { feedbackRequestSchema, generateSummaryRequestSchema } from './summaries.js';

describe('named refusals (MISTAKES)', () => {
  it('have a text in every language whose placeholders all get a value', () => {
    for (const language of LANGUAGES) {
      for (const [key, values] of Object.entries(MISTAKES)) {
        const text = mistakeText(language, key);
        expect(text, `${language} ${key}`).toEqual(expect.any(String));
        expect(text, `${language} ${key}`).not.toMatch(/\{\{/);
        for (const value of Object.values(values)) expect(text).toContain(String(value));
      }
    }
    expect(mistakeText('en', 'auth.validation.passwordTooShort')).toBe(
      'The password needs at least 6 characters.',
    );
    expect(mistakeText('es', 'settings.nickname.tooLong')).toBe(
      'El apodo puede tener como máximo 20 caracteres.',
    );
    expect(translations.pt.auth.validation.emailInvalid).toBe(
      mistakeText('pt', 'auth.validation.emailInvalid'),
    );
  });

  it('leave any other message unnamed', () => {
    expect(mistakeOf('Too small: expected string to have >=1 characters')).toBeNull();
    expect(mistakeOf('toString')).toBeNull();
    expect(mistakeOf(undefined)).toBeNull();
    expect(mistakeText('en', 'errors.VALIDATION_ERROR')).toBeNull();
  });

  it('are what the form contracts refuse with', () => {
    const signup = { email: 'ana@example.com', password: 'secret1', full_name: 'Ana', signup_language: 'en' };
    const cases: [z.ZodType, unknown, MistakeKey][] = [
      [signupRequestSchema, { ...signup, email: '  ' }, 'auth.validation.emailRequired'],
      [signupRequestSchema, { ...signup, email: 'not-an-email' }, 'auth.validation.emailInvalid'],
      [signupRequestSchema, { ...signup, password: '' }, 'auth.validation.passwordRequired'],
      [signupRequestSchema, { ...signup, password: '12345' }, 'auth.validation.passwordTooShort'],
      [signupRequestSchema, { ...signup, password: 'x'.repeat(257) }, 'auth.validation.passwordTooLong'],
      [signupRequestSchema, { ...signup, full_name: '   ' }, 'auth.validation.fullNameRequired'],
      [signupRequestSchema, { ...signup, full_name: 'a'.repeat(121) }, 'auth.validation.fullNameTooLong'],
      [signupRequestSchema, { ...signup, full_name: '<b>Ana</b>' }, 'auth.validation.fullNameMarkup'],
      [
        loginRequestSchema,
        { email: 'ana@example.com', password: '12345' },
        'auth.validation.passwordTooShort',
      ],
      [nicknameSchema, 'ab', 'settings.nickname.tooShort'],
      [nicknameSchema, '\u200B\u200B', 'settings.nickname.invisible'],
      [timeZoneSchema, 'Mars/Olympus', 'settings.timeZone.invalid'],
      [
        generateSummaryRequestSchema,
        { bookTitle: ' ', bookAuthor: 'X', language: 'en' },
        'search.details.titleRequired',
      ],
      [
        generateSummaryRequestSchema,
        { bookTitle: 'X', bookAuthor: ' ', language: 'en' },
        'search.details.authorRequired',
      ],
      [feedbackRequestSchema, { vote: 'up', comment: 'x'.repeat(1001) }, 'summary.feedback.commentTooLong'],
    ];
    for (const [schema, value, key] of cases) {
      expect(schema.safeParse(value).error?.issues[0]?.message, key).toBe(key);
    }
  });
});
