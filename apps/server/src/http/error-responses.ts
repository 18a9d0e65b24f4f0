import { errorResponseSchema } from '@summa/shared';

/** A route's error answers for its schema: each status with the shared error body. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));
