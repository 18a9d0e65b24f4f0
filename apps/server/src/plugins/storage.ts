import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadOrCreateSecret } from '../features/auth/sessions.repository.js';
import { randomToken } from '../features/auth/tokens.service.js';
import { createObjectStorage } from '../providers/storage/create-object-storage.js';
import type { ObjectStorage, StorageSettings } from '../providers/storage/object-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where generated files (audio, avatars) are kept, read back through signed URLs. */
    storage: ObjectStorage;
  }
}

export interface StoragePluginOptions {
  settings: StorageSettings;
  /** A storage of the caller's (tests); the caller closes it. */
  storage?: ObjectStorage;
}

export const storagePlugin = fp(async (app: FastifyInstance, options: StoragePluginOptions) => {
  const storage =
    options.storage ??
    (await createObjectStorage(options.settings, {
      // Like the JWT key: generated once, kept in the database, the same for every instance.
      signingKey: () => loadOrCreateSecret(app.db, 'storage', () => randomToken(48)),
    }));
  if (!options.storage) app.addHook('onClose', () => storage.close());
  app.decorate('storage', storage);
});
