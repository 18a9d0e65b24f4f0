import { LocalStorage } from './local-storage.js';
import type { ObjectStorage, StorageSettings } from './object-storage.js';

export interface StorageDeps {
  /** The key that signs local URLs, kept where every instance and restart finds it (the database). */
  signingKey: () => Promise<string>;
  /** The wall clock in ms (signed URLs' expiry); tests move it. */
  now?: () => number;
}

/** The local directory by default; S3 when STORAGE_DRIVER=s3 (its SDK is loaded only then). */
export async function createObjectStorage(
  settings: StorageSettings,
  deps: StorageDeps,
): Promise<ObjectStorage> {
  if (settings.driver === 's3') {
    const { S3Storage } = await import('./s3-storage.js');
    return new S3Storage(settings.s3, { now: deps.now });
  }
  return new LocalStorage({ dir: settings.dir, signingKey: await deps.signingKey(), now: deps.now });
}
