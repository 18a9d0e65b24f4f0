import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@summa/shared';
import sharp from 'sharp';
import { AppError } from '../../http/app-error.js';

/**
 * The most pixels (width × height, as the file's header declares them) an upload may decode to.
 * A few KB of PNG or WebP can declare a gigapixel canvas; checking the header first keeps such a
 * decompression bomb from ever being decoded. 40 MP is beyond any phone photo that fits in 2 MB.
 */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;

/** WebP quality of the stored avatar: small at 256 px with no visible loss. */
const WEBP_QUALITY = 82;

type AvatarFormat = 'png' | 'jpeg' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

function startsWith(bytes: Buffer, signature: readonly number[], offset = 0): boolean {
  return (
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)
  );
}

/**
 * The image format by the file's magic bytes, or `null`: the declared name or content type is
 * never trusted, so an HTML or SVG page renamed `.png` is caught here before any decoder runs.
 */
export function sniffAvatarFormat(bytes: Buffer): AvatarFormat | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'jpeg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return null;
}

/** For the route: an upload above AVATAR_MAX_BYTES answers 413 before any decoding. */
export function assertAvatarSize(byteLength: number): void {
  if (byteLength > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 413);
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 415);

/**
 * An uploaded avatar as the app stores it: a 256×256 WebP, cover-cropped around the centre after
 * the EXIF orientation is applied, with every metadata block (EXIF, GPS, ICC, XMP) left out.
 * Throws 415 for anything that is not a decodable PNG, JPEG or WebP, and 413 for an image whose
 * header declares more than AVATAR_MAX_INPUT_PIXELS.
 */
export async function normalizeAvatar(bytes: Buffer): Promise<Buffer> {
  const sniffed = sniffAvatarFormat(bytes);
  if (sniffed === null) throw unsupported();

  // 'warning' (sharp's advice for untrusted input) also rejects truncated and corrupt files.
  const options = { failOn: 'warning', limitInputPixels: AVATAR_MAX_INPUT_PIXELS, pages: 1 } as const;

  let width: number;
  let height: number;
  try {
    // Reads only the header; libvips picks the decoder by content too, so it must agree. No
    // pixel limit here: sharp's own would fail an over-large header with a generic error.
    const metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    if (metadata.format !== sniffed) throw unsupported();
    ({ width, height } = metadata);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unsupported();
  }
  if (width * height > AVATAR_MAX_INPUT_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', 413);

  try {
    // No withMetadata()/keepMetadata(): sharp then writes no EXIF, ICC or XMP, and converts to sRGB.
    return await sharp(bytes, { ...options, autoOrient: true })
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    throw unsupported();
  }
}
