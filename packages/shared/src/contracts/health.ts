import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
