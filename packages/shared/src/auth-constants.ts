// Auth constants without zod, so the web bundle can import them cheaply.

/** Spec §5 and §9: a password has at least 6 characters; the cap only bounds hashing work. */
export const PASSWORD_MIN_LENGTH = 6;

export const GOOGLE_CODE_PARAM = 'google_code';

export const GOOGLE_ERROR_PARAM = 'google_error';

/** Paths of the auth API (DESIGN.md "API surface"). */
export const AUTH_PATHS = {
  signup: '/api/auth/signup',
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  user: '/api/auth/user',
  password: '/api/auth/password',
  recover: '/api/auth/recover',
  reset: '/api/auth/reset',
  confirmEmail: '/api/auth/confirm',
  resendConfirmation: '/api/auth/confirm/resend',
  config: '/api/auth/config',
  googleStart: '/api/auth/google/start',
  googleCallback: '/api/auth/google/callback',
  googleExchange: '/api/auth/google/exchange',
} as const;
