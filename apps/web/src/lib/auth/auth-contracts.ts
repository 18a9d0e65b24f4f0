// The auth endpoints with the contracts of their answers, in a chunk loaded with the first auth
// call: the first screen calls no API, and zod with the contracts would weigh on it (the
// endpoint table's light half, ENDPOINT_ROUTES, names the Google start without them).
import { ENDPOINTS } from '@summa/shared/endpoints';

export const AUTH_ENDPOINTS = ENDPOINTS.auth;
