import sharp, { type Metadata } from 'sharp';
import { readLimitedBody } from '../../../http/limited-body.js';
import { COVER_TYPES, type CoverFormat } from './cover-files.js';

/** What looking up a book's cover gave. */
export type CoverLookup =
  | { kind: 'image'; bytes: Buffer; format: CoverFormat }
  /** The source has none for this ISBN (404, or its placeholder image). */
  | { kind: 'missing' }
  /** Worth trying again later: the network, the source's error, or an answer refused before storing. */
  | { kind: 'failed'; reason: string };

export interface CoverSourceOptions {
  /** Open Library's covers API (https://covers.openlibrary.org), or a local stand-in in tests. */
  baseUrl: string;
  /** The whole request, body included. */
  timeoutMs: number;
  maxBytes: number;
}

/** Smaller than this on a side is a placeholder (Open Library's is 1 × 1), not a cover. */
const MIN_SIDE_PX = 16;
const MAX_INPUT_PIXELS = 40_000_000;
const FORMAT_OF_SHARP: Readonly<Record<string, CoverFormat>> = { jpeg: 'jpg', png: 'png' };

/** Open Library's medium cover of an ISBN; `default=false` makes a missing one a 404, not a placeholder. */
export function coverSourceUrl(baseUrl: string, isbn13: string): URL {
  const url = new URL(`/b/isbn/${encodeURIComponent(isbn13)}-M.jpg`, baseUrl);
  url.searchParams.set('default', 'false');
  return url;
}

/**
 * A book's cover from the source, checked before it may be stored: an image/jpeg or image/png
 * answer of at most `maxBytes` that decodes as the format it claims. `signal` stops it (shutdown).
 */
export async function lookUpCover(
  options: CoverSourceOptions,
  isbn13: string,
  signal: AbortSignal,
): Promise<CoverLookup> {
  let response: Response;
  try {
    response = await fetch(coverSourceUrl(options.baseUrl, isbn13), {
      headers: { accept: 'image/jpeg, image/png' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
    });
  } catch (error) {
    return { kind: 'failed', reason: describe(error) };
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return { kind: 'missing' };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { kind: 'failed', reason: `the source answered ${response.status}` };
  }
  const contentType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!contentType.startsWith('image/')) {
    await response.body?.cancel();
    return {
      kind: 'failed',
      reason: `the source answered ${contentType || 'no content type'}, not an image`,
    };
  }
  let bytes: Buffer | undefined;
  try {
    bytes = await readLimitedBody(response, options.maxBytes);
  } catch (error) {
    return { kind: 'failed', reason: describe(error) };
  }
  if (!bytes) return { kind: 'failed', reason: `the image is larger than ${options.maxBytes} bytes` };
  return checkImage(bytes, contentType);
}

async function checkImage(bytes: Buffer, contentType: string): Promise<CoverLookup> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return { kind: 'failed', reason: `the ${contentType} answer is not an image` };
  }
  if (metadata.width < MIN_SIDE_PX || metadata.height < MIN_SIDE_PX) return { kind: 'missing' };
  const format = FORMAT_OF_SHARP[metadata.format];
  if (!format || COVER_TYPES[format] !== contentType) {
    return {
      kind: 'failed',
      reason: `a ${metadata.format} image served as ${contentType}, not a JPEG or PNG`,
    };
  }
  return { kind: 'image', bytes, format };
}

function describe(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return error.name === 'TimeoutError' ? 'the source did not answer in time' : 'stopped';
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}
