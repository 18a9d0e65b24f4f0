import type { SignedFileQuery } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import type { LocalStorage } from '../../providers/storage/local-storage.js';

/** A stored file a signed request may read. */
export interface ServedFile {
  /** The storage's real root and the key below it. */
  root: string;
  key: string;
  /** How long the answer may be cached: until the URL expires. */
  maxAgeSeconds: number;
  downloadName: string | undefined;
}

/**
 * The files of the local storage, to holders of a signed URL. The signature is checked before
 * the disk, so an unsigned request learns nothing about which keys exist.
 */
export interface FilesDeps {
  storage: LocalStorage;
}

export class FilesService {
  constructor(private readonly deps: FilesDeps) {}

  async open(key: string, query: SignedFileQuery): Promise<ServedFile> {
    const access = await this.deps.storage.access(key, query);
    if (access.status === 'forbidden') throw new AppError('FORBIDDEN', 403);
    if (access.status === 'missing') throw new AppError('NOT_FOUND', 404);
    return {
      root: access.root,
      key: access.key,
      maxAgeSeconds: access.maxAgeSeconds,
      downloadName: access.downloadName,
    };
  }
}
