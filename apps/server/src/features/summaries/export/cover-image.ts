import sharp from 'sharp';
import { createMemoryCache } from '../../../cache/memory-cache.js';
import { readLimitedBody } from '../../../http/limited-body.js';
import type { StoredCovers } from '../../../ports/stored-covers.js';

/** A book cover ready for the PDF: a JPEG and its size in pixels. */
export interface CoverImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Finds a book's cover for the PDF export; `undefined` when there is none to be had in time. */
export interface CoverImages {
  load: (url: string) => Promise<CoverImage | undefined>;
}

export interface CoverImagesOptions {
  /** The whole fetch, body included: a slow cover host must not hold up the download. */
  timeoutMs?: number;
  maxBytes?: number;
  /** The covers the app stores itself (the catalogue's): read from the storage, not over HTTP. */
  stored?: StoredCovers | undefined;
}

/** The cover is printed about 100 × 150 pt: 2× that in pixels is sharp on paper. */
const MAX_WIDTH_PX = 240;
const MAX_HEIGHT_PX = 360;
/** Placeholders (a 1 × 1 GIF for "no cover") are not covers. */
const MIN_SIDE_PX = 16;
const MAX_INPUT_PIXELS = 40_000_000;

async function reencode(bytes: Buffer): Promise<CoverImage | undefined> {
  const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
    .rotate()
    .resize(MAX_WIDTH_PX, MAX_HEIGHT_PX, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  if (info.width < MIN_SIDE_PX || info.height < MIN_SIDE_PX) return undefined;
  return { data, width: info.width, height: info.height };
}

/** A cover elsewhere (a URL of another host), fetched with the time and size limits. */
async function fetchCover(url: string, timeoutMs: number, maxBytes: number): Promise<Buffer | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const response = await fetch(parsed, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'image/*' },
  });
  if (!response.ok) {
    await response.body?.cancel();
    return undefined;
  }
  return readLimitedBody(response, maxBytes);
}

/**
 * Covers re-encoded as JPEG (PDFKit embeds JPEG and PNG only): the app's stored ones read from
 * the storage, others fetched over HTTP(S) at request time with a short timeout. Any failure
 * (timeout, error status, oversized or undecodable body) gives no cover rather than no PDF.
 */
export function createCoverImages({
  timeoutMs = 2_000,
  maxBytes = 2_000_000,
  stored,
}: CoverImagesOptions = {}): CoverImages {
  const cache = createMemoryCache<CoverImage>('pdfCover');
  return {
    load: async (url) => {
      const cached = cache.get(url);
      if (cached) return cached;
      try {
        const bytes = (await stored?.read(url)) ?? (await fetchCover(url, timeoutMs, maxBytes));
        const cover = bytes && (await reencode(bytes));
        if (cover) cache.set(url, cover);
        return cover;
      } catch {
        return undefined;
      }
    },
  };
}
