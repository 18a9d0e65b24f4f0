import { z } from 'zod';

/** The answer of a call that returns 204 No Content: no body, which clients read as null. */
export const noContentSchema = z.null();
