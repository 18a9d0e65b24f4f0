/** Stable error codes of the API; clients translate them with the `errors` i18n namespace. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'REQUEST_TIMEOUT',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'INTERNAL_ERROR',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'INVALID_TOKEN',
  /** The account's address is not proven yet: no role or Premium grant can attach to it. */
  'EMAIL_NOT_CONFIRMED',
  'GOOGLE_NOT_CONFIGURED',
  'GOOGLE_SIGN_IN_FAILED',
  'SUMMARY_LIMIT_REACHED',
  'BOOK_NOT_IDENTIFIED',
  'GENERATION_FAILED',
  'MODEL_UNAVAILABLE',
  /** The server cannot run its summary model until an admin acts (see /admin): retrying does not help. */
  'SUMMARIES_UNAVAILABLE',
  'FEEDBACK_ALREADY_GIVEN',
  'GENERATION_RATE_LIMITED',
  'GENERATION_BUSY',
  'AUDIO_LIMIT_REACHED',
  'AUDIO_FAILED',
  'AUDIO_LANGUAGE_UNAVAILABLE',
  /** Fair use: the reader started many narrations lately (AUDIO_LIMIT_PER_USER_PER_HOUR). */
  'AUDIO_RATE_LIMITED',
  /** Fair use: all instances together started many narrations lately (AUDIO_LIMIT_GLOBAL_PER_MINUTE). */
  'AUDIO_BUSY',
  /** Another reader has this nickname, whatever its case, or one that looks the same (Unicode confusables). */
  'NICKNAME_TAKEN',
  /** An avatar over 2 MB, or of more pixels than an avatar can need. */
  'AVATAR_TOO_LARGE',
  /** An avatar whose content is not a PNG, JPEG or WebP image (whatever its name or declared type). */
  'AVATAR_UNSUPPORTED_IMAGE',
  /** A Premium feature (PDF export) asked for by a reader on the free plan. */
  'PREMIUM_REQUIRED',
  /** Payments are not configured on this server (no STRIPE_SECRET_KEY). */
  'PAYMENTS_NOT_CONFIGURED',
  /** A checkout for a reader who is already Premium: never a second subscription. */
  'ALREADY_PREMIUM',
  /** A translation into the summary's own language. */
  'TRANSLATION_SAME_LANGUAGE',
  /** The model's translation was unusable (not the summary's shape): nothing was stored; retrying is safe. */
  'TRANSLATION_FAILED',
  /** The password given to prove it is the reader is not the account's (nothing changed). */
  'WRONG_PASSWORD',
  /** The account has a password: the change needs it. */
  'PASSWORD_REQUIRED',
  /** The account has no password yet (made with Google): it sets one before changing its address. */
  'PASSWORD_NOT_SET',
  /** The new address is the account's own. */
  'EMAIL_UNCHANGED',
  /** An account without a password is deleted only within minutes of a Google sign-in: sign in with Google again. */
  'REAUTH_REQUIRED',
  /** The payment provider did not cancel the subscription: nothing was deleted; retrying is safe. */
  'SUBSCRIPTION_CANCEL_FAILED',
  /** The contact message could not be mailed to the team: nothing was kept; sending it again is safe. */
  'CONTACT_NOT_SENT',
  /**
   * Only a thumbs-up feedback with a comment, from a reader who has a nickname, can be approved
   * for the landing.
   */
  'TESTIMONIAL_NOT_ELIGIBLE',
  /** The reader's reading list already holds READING_LIST_MAX books. */
  'READING_LIST_FULL',
  /** The only admin cannot stop being one: make another admin first. */
  'LAST_ADMIN',
  /** An admin's account is deleted only once they are a reader again (the last-admin rule holds there). */
  'ADMIN_ACCOUNT',
  /** The editors' summaries are not removed from the admin console. */
  'EDITORIAL_SUMMARY',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The code an HTTP status stands for when nothing more precise is known: the server answers a
 * framework error with it, and the web reads it from an error answer that has no JSON body.
 */
export const ERROR_CODE_BY_STATUS: Readonly<Partial<Record<number, ErrorCode>>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};
