import { z } from 'zod';
import { text } from './text.js';
import { ERROR_CODES } from '../errors.js';

/**
 * A field a request got wrong (VALIDATION_ERROR only): where it is (`body.email`, `querystring.q`)
 * and zod's issue code (`too_small`, `invalid_type`, `custom` ...). Data, not prose: the message
 * stays the translated one.
 */
export const invalidFieldSchema = z.object({ path: text(), code: text() });
export type InvalidField = z.infer<typeof invalidFieldSchema>;

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: text(),
      fields: z.array(invalidFieldSchema).optional(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
