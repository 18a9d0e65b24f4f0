// Auth constants without zod, so the web bundle can import them cheaply.

import { ENDPOINT_ROUTES, pathsOf } from './endpoint-routes.js';

/** Spec §5 and §9: a password has at least 6 characters; the cap only bounds hashing work. */
export const PASSWORD_MIN_LENGTH = 6;

export const GOOGLE_CODE_PARAM = 'google_code';

export const GOOGLE_ERROR_PARAM = 'google_error';

/**
 * Paths of the auth API by name: the auth group of the endpoint table (ENDPOINT_ROUTES.auth).
 * Kept for the web until it names endpoints through the table itself.
 */
export const AUTH_PATHS = pathsOf(ENDPOINT_ROUTES.auth);
