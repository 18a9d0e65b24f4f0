import { createHash } from 'node:crypto';
import { ENDPOINTS, pathOf } from '@summa/shared';

/** The image formats a stored cover may have, by file extension. */
export const COVER_TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;
export type CoverFormat = keyof typeof COVER_TYPES;

/** A stored cover, named by the SHA-256 of its bytes: the same image is stored and served once. */
export interface CoverFile {
  sha256: string;
  format: CoverFormat;
}

const FILE_NAME = /^([0-9a-f]{64})\.(jpg|png)$/;

export function coverFileOf(bytes: Buffer, format: CoverFormat): CoverFile {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), format };
}

/** `<sha256>.<jpg|png>`, the last segment of the cover's URL. */
export const coverFileName = (file: CoverFile) => `${file.sha256}.${file.format}`;

/** The URL the app serves the cover at: what a book's `cover_url` holds once its cover is stored. */
export const coverUrlOf = (file: CoverFile) => pathOf(ENDPOINTS.covers.get, { file: coverFileName(file) });

/** Where the storage keeps it: `covers/<first two hex digits>/<sha256>.<jpg|png>`. */
export const coverKeyOf = (file: CoverFile) => `covers/${file.sha256.slice(0, 2)}/${coverFileName(file)}`;

/** The cover a file name (the URL's last segment) names; undefined for any other name. */
export function parseCoverFileName(name: string): CoverFile | undefined {
  const [, sha256, format] = FILE_NAME.exec(name) ?? [];
  return sha256 && (format === 'jpg' || format === 'png') ? { sha256, format } : undefined;
}
