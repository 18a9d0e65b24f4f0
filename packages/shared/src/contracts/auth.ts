import { z } from 'zod';
import { mistake } from './mistake.js';
import { text } from './text.js';
import { PASSWORD_MIN_LENGTH } from '../auth-constants.js';
import { LANGUAGES } from '../languages.js';
import { PLAN_TYPES } from '../plans.js';

export const PASSWORD_MAX_LENGTH = 256;
export const FULL_NAME_MAX_LENGTH = 120;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Lowercased and trimmed, so "Ana@X.com " and "ana@x.com" are one account. */
export const emailSchema = text()
  .trim()
  .min(1, { error: mistake('auth.validation.emailRequired'), abort: true })
  .max(254, mistake('auth.validation.emailInvalid'))
  .pipe(z.email({ error: mistake('auth.validation.emailInvalid') }))
  .transform((value) => value.toLowerCase());

export const passwordSchema = text()
  .min(1, { error: mistake('auth.validation.passwordRequired'), abort: true })
  .min(PASSWORD_MIN_LENGTH, mistake('auth.validation.passwordTooShort'))
  .max(PASSWORD_MAX_LENGTH, mistake('auth.validation.passwordTooLong'));

/**
 * Names are plain text, never markup: angle brackets and control characters are refused so no
 * name can ever be mistaken for HTML; quotes, apostrophes and anything else are kept as typed.
 */
export const fullNameSchema = text()
  .trim()
  .min(1, mistake('auth.validation.fullNameRequired'))
  .max(FULL_NAME_MAX_LENGTH, mistake('auth.validation.fullNameTooLong'))
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[<>\u0000-\u001f\u007f]/.test(value), mistake('auth.validation.fullNameMarkup'));

/** Where the visitor signed up from (spec §3 sign-up metadata); the path is the page's own path. */
const signupPathSchema = text()
  .max(200)
  .regex(/^\/[\w\-./]*$/, 'must be a path such as /pt/auth');
const signupCountrySchema = text()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((value) => value.toUpperCase());

export const signupRequestSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    full_name: fullNameSchema,
    signup_language: z.enum(LANGUAGES),
    signup_path: signupPathSchema.optional(),
    signup_country: signupCountrySchema.optional(),
  })
  .meta({ id: 'SignupRequest' });
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** No password shorter than the minimum can be an account's: it is refused as at sign-up. */
export const loginRequestSchema = z
  .object({ email: emailSchema, password: passwordSchema })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof loginRequestSchema>;

const opaqueTokenSchema = text().min(1).max(512);

export const refreshRequestSchema = z
  .object({ refresh_token: opaqueTokenSchema })
  .meta({ id: 'RefreshRequest' });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** Answered with 204 whether or not the e-mail has an account. */
export const recoverRequestSchema = z.object({ email: emailSchema }).meta({ id: 'RecoverRequest' });
export type RecoverRequest = z.input<typeof recoverRequestSchema>;

/** The token comes from the e-mailed link /auth/reset?token=...; answered with a new session. */
export const resetRequestSchema = z
  .object({ token: opaqueTokenSchema, password: passwordSchema })
  .meta({ id: 'ResetRequest' });
export type ResetRequest = z.infer<typeof resetRequestSchema>;

/** The token comes from the e-mailed link /auth/confirm?token=...; answered with 204. */
export const confirmEmailRequestSchema = z
  .object({ token: opaqueTokenSchema })
  .meta({ id: 'ConfirmEmailRequest' });
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;

/** The one-time code the Google callback puts in the /welcome URL fragment. */
export const googleExchangeRequestSchema = z
  .object({ code: opaqueTokenSchema })
  .meta({ id: 'GoogleExchangeRequest' });
export type GoogleExchangeRequest = z.infer<typeof googleExchangeRequestSchema>;

/** Query of GET /api/auth/google/start: the pending sign-up metadata of a first Google sign-in. */
export const googleStartQuerySchema = z.object({
  language: z.enum(LANGUAGES).optional(),
  path: signupPathSchema.optional(),
  country: signupCountrySchema.optional(),
});
export type GoogleStartQuery = z.input<typeof googleStartQuerySchema>;

/** Query of the Google callback: what Google appends to the redirect URI. */
export const googleCallbackQuerySchema = z.object({
  code: text().max(2048).optional(),
  state: text().max(512).optional(),
  error: text().max(256).optional(),
});

/** After Google: `/welcome#google_code=...`, exchanged by POST /api/auth/google/exchange. */
export const GOOGLE_REDIRECT_PATH = '/welcome';
/** On failure: `/auth?google_error=<ErrorCode>` (GOOGLE_SIGN_IN_FAILED). */
export const GOOGLE_ERROR_PATH = '/auth';

export const authUserSchema = z
  .object({
    id: z.uuid(),
    email: text(),
    full_name: text(),
    role: z.enum(ROLES),
    /** Whether the address is proven (a confirmation link, a recovery link or Google). */
    email_confirmed: z.boolean(),
    /** Whether the account has a password (one made with Google may not, until it sets one). */
    has_password: z.boolean(),
    preferred_language: z.enum(LANGUAGES),
    plan: z.enum(PLAN_TYPES),
    /** ISO 8601. */
    created_at: text(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof authUserSchema>;

export const sessionSchema = z
  .object({
    access_token: text(),
    refresh_token: text(),
    /** Seconds the access token stays valid from now. */
    expires_in: z.number().int(),
    /** Unix time (seconds) the access token expires at. */
    expires_at: z.number().int(),
    token_type: z.literal('bearer'),
    user: authUserSchema,
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

export const userResponseSchema = z.object({ user: authUserSchema }).meta({ id: 'UserResponse' });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /api/auth/config: which sign-in methods this server offers. */
export const authConfigSchema = z.object({ google: z.boolean() }).meta({ id: 'AuthConfig' });
export type AuthConfig = z.infer<typeof authConfigSchema>;

export { AUTH_PATHS, GOOGLE_CODE_PARAM, GOOGLE_ERROR_PARAM, PASSWORD_MIN_LENGTH } from '../auth-constants.js';
