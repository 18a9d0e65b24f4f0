// The contracts of the auth answers, in a chunk loaded with the first auth call: imported by the
// entry, zod and the contracts would add 27 KB gzip (13 %) to the first screen, which calls no API.
export { authConfigSchema, noContentSchema, sessionSchema, userResponseSchema } from '@summa/shared';
