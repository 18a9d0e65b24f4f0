import { z } from 'zod';
import { text } from './text.js';

/**
 * GET /api/covers/<file>: a stored cover, `<sha-256 of its bytes>.<jpg|png>` (any other name is
 * no cover: 404).
 */
export const coverParamsSchema = z.object({ file: text().max(100) });
