import { AppError } from '../../../http/app-error.js';
import type { StoredCovers } from '../../../ports/stored-covers.js';
import type { ObjectStorage } from '../../../providers/storage/object-storage.js';
import { COVER_TYPES, coverKeyOf, coverUrlOf, parseCoverFileName, type CoverFile } from './cover-files.js';

const etagOf = (file: CoverFile) => `"${file.sha256}"`;

/** A stored cover as the app serves it. */
export interface ServedCover {
  bytes: Buffer;
  contentType: string;
  /** A strong validator: the image's SHA-256, which its name already is. */
  etag: string;
}

export interface CoversDeps {
  storage: ObjectStorage;
}

/**
 * The covers the sweep stored (cover-sweep.ts), served by name: a name is the SHA-256 of the
 * image, so an answer never changes and may be cached for good. The StoredCovers port.
 */
export class CoversService implements StoredCovers {
  constructor(private readonly deps: CoversDeps) {}

  /** The entity tag of the cover a file name names (known without reading it); undefined for no cover's name. */
  etagOf(name: string): string | undefined {
    const file = parseCoverFileName(name);
    return file && etagOf(file);
  }

  /** The cover named `name` (`<sha256>.<jpg|png>`); 404 for another name or one not stored. */
  async open(name: string): Promise<ServedCover> {
    const file = parseCoverFileName(name);
    const bytes = file && (await this.deps.storage.read(coverKeyOf(file)));
    if (!file || !bytes) throw new AppError('NOT_FOUND', 404);
    return { bytes, contentType: COVER_TYPES[file.format], etag: etagOf(file) };
  }

  async read(coverUrl: string): Promise<Buffer | undefined> {
    const name = coverUrl.slice(coverUrl.lastIndexOf('/') + 1);
    const file = parseCoverFileName(name);
    // Only this app's own URL of the cover, not another that happens to end alike.
    if (!file || coverUrlOf(file) !== coverUrl) return undefined;
    return this.deps.storage.read(coverKeyOf(file));
  }
}
