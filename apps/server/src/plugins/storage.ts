import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectStorage } from '../providers/storage/object-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where generated files (audio, avatars) are kept, read back through signed URLs. */
    storage: ObjectStorage;
  }
}

export interface StoragePluginOptions {
  /** The storage the composition root built. */
  storage: ObjectStorage;
  /** Whether the app closes it (false for a storage of the caller's: tests close their own). */
  owned: boolean;
}

/** Exposes the storage (tests put and sign files through it) and closes it with the app when it owns it. */
export const storagePlugin = fp(async (app: FastifyInstance, { storage, owned }: StoragePluginOptions) => {
  if (owned) app.addHook('onClose', () => storage.close());
  app.decorate('storage', storage);
});
