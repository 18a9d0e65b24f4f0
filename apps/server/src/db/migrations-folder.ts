import { fileURLToPath } from 'node:url';

/** Same relative place from src/db and dist/db, so the built server finds them too. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
