import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './database.js';
import { appSecrets } from './schema/index.js';

/** The keys the server generates once and keeps in the database, the same for every instance. */
export type AppSecretName = 'jwt' | 'storage' | 'device' | 'cookie' | 'reminders' | 'vapid';

/**
 * The stored secret of that name (by default 48 random bytes, URL-safe; else what `generate`
 * makes, e.g. a key pair as JSON); the first instance to ask generates it, and a concurrent first
 * start of another instance gets the same one (the insert of the loser does nothing).
 */
export async function loadOrCreateSecret(
  db: Database,
  name: AppSecretName,
  generate: () => string = () => randomBytes(48).toString('base64url'),
): Promise<string> {
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app secret ${name} could not be stored`);
  return row.value;
}
