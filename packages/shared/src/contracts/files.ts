import { z } from 'zod';
import { text } from './text.js';

/** GET /api/files/<key>: the stored file's key, as the storage made it (checked there). */
export const signedFileParamsSchema = z.object({ '*': text().max(300) });

/** The signature of a stored file's URL; a missing or wrong part answers 403. */
export const signedFileQuerySchema = z.object({
  expires: text().max(20).optional(),
  signature: text().max(100).optional(),
  name: text().max(200).optional(),
});
export type SignedFileQuery = z.infer<typeof signedFileQuerySchema>;
