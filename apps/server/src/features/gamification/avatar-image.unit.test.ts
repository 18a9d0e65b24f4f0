import { crc32 } from 'node:zlib';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@summa/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.js';
import {
  AVATAR_MAX_INPUT_PIXELS,
  assertAvatarSize,
  normalizeAvatar,
  sniffAvatarFormat,
} from './avatar-image.js';

type Rgb = readonly [number, number, number];
const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];

/** A picture made of equal stripes, side by side (`columns`) or stacked (`rows`). */
function stripes(width: number, height: number, colours: readonly Rgb[], direction: 'columns' | 'rows') {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const along = direction === 'columns' ? x / width : y / height;
      const colour = colours[Math.floor(along * colours.length)] ?? RED;
      pixels.set(colour, (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** The colour at (x, y), to the nearest of red, green and blue (lossy encodings blur the exact values). */
async function colourAt(image: Buffer, x: number, y: number): Promise<'red' | 'green' | 'blue'> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  const [r = 0, g = 0, b = 0] = data.subarray(at, at + 3);
  if (r > g && r > b) return 'red';
  return g > b ? 'green' : 'blue';
}

async function expectStoredAvatar(output: Buffer) {
  const metadata = await sharp(output).metadata();
  expect(metadata.format).toBe('webp');
  expect([metadata.width, metadata.height]).toEqual([AVATAR_SIZE_PX, AVATAR_SIZE_PX]);
  expect(metadata.exif).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  return metadata;
}

async function expectStatus(bytes: Buffer, code: string, statusCode: number) {
  const error: unknown = await normalizeAvatar(bytes).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code, statusCode });
}

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jane</dc:creator>' +
  '</rdf:Description></rdf:RDF></x:xmpmeta>';

/** The TIFF tag that points to the GPS directory, as it sits in a little-endian EXIF block. */
const GPS_IFD_POINTER = Buffer.from([0x25, 0x88]);

describe('normalizeAvatar', () => {
  it('re-encodes a PNG to a 256×256 WebP', async () => {
    const png = await stripes(300, 300, [RED], 'columns').png().toBuffer();
    expect(sniffAvatarFormat(png)).toBe('png');

    const output = await normalizeAvatar(png);

    await expectStoredAvatar(output);
    expect(await colourAt(output, 128, 128)).toBe('red');
  });

  it('turns a JPEG upright by its EXIF orientation and drops its EXIF, GPS and ICC data', async () => {
    // Stored wide (red left, blue right) with orientation 6: shown turned a quarter clockwise,
    // so red on top and blue below. Without turning, the centre crop would be red | blue.
    const jpeg = await stripes(400, 200, [RED, BLUE], 'columns')
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' } })
      .jpeg()
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes(GPS_IFD_POINTER)).toBe(true);
    expect(input.icc).toBeDefined();

    const output = await normalizeAvatar(jpeg);

    await expectStoredAvatar(output);
    expect(await colourAt(output, 40, 40)).toBe('red');
    expect(await colourAt(output, 216, 40)).toBe('red');
    expect(await colourAt(output, 40, 216)).toBe('blue');
    expect(await colourAt(output, 216, 216)).toBe('blue');
  });

  it('re-encodes a WebP and drops its EXIF, ICC and XMP data', async () => {
    const webp = await stripes(256, 256, [GREEN], 'columns')
      .withIccProfile('p3')
      .withXmp(XMP)
      .withExif({ IFD0: { Artist: 'Jane' } })
      .webp()
      .toBuffer();
    const input = await sharp(webp).metadata();
    expect([input.exif, input.icc, input.xmp].every(Boolean)).toBe(true);

    const output = await normalizeAvatar(webp);

    await expectStoredAvatar(output);
    expect(output.includes('Jane')).toBe(false);
  });

  it('keeps the middle of a wide image', async () => {
    const wide = await stripes(600, 200, [RED, GREEN, BLUE], 'columns').png().toBuffer();

    const output = await normalizeAvatar(wide);

    await expectStoredAvatar(output);
    for (const x of [4, 128, 251]) expect(await colourAt(output, x, 128)).toBe('green');
  });

  it('keeps the middle of a tall image', async () => {
    const tall = await stripes(200, 600, [RED, GREEN, BLUE], 'rows').jpeg().toBuffer();

    const output = await normalizeAvatar(tall);

    await expectStoredAvatar(output);
    for (const y of [4, 128, 251]) expect(await colourAt(output, 128, y)).toBe('green');
  });

  it('answers 415 for HTML, SVG, GIF, TIFF, text and empty uploads, whatever they are called', async () => {
    const gif = await stripes(8, 8, [RED], 'columns').gif().toBuffer();
    const tiff = await stripes(8, 8, [RED], 'columns').tiff().toBuffer();
    const uploads = [
      Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'),
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
      ),
      gif,
      tiff,
      Buffer.from('just some text'),
      Buffer.alloc(0),
    ];
    for (const bytes of uploads) {
      expect(sniffAvatarFormat(bytes)).toBeNull();
      await expectStatus(bytes, 'UNSUPPORTED_MEDIA_TYPE', 415);
    }
  });

  it('answers 415 for garbage behind a right signature and for a truncated image', async () => {
    const jpeg = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    const garbage = Buffer.from('not an image, honestly, just bytes');
    const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), garbage]);
    const uploads = [
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), garbage]),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), garbage]),
      riff,
      jpeg.subarray(0, jpeg.length / 2),
    ];
    for (const bytes of uploads) {
      expect(sniffAvatarFormat(bytes)).not.toBeNull();
      await expectStatus(bytes, 'UNSUPPORTED_MEDIA_TYPE', 415);
    }
  });

  it('answers 413 for a small file whose header declares a huge canvas', async () => {
    // A valid 1×1 PNG whose IHDR (bytes 16–28, CRC at 29) is rewritten to 10 000 × 10 000.
    const bomb = Buffer.from(await stripes(1, 1, [RED], 'columns').png().toBuffer());
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(10_000 * 10_000).toBeGreaterThan(AVATAR_MAX_INPUT_PIXELS);
    expect(bomb.length).toBeLessThan(100);

    await expectStatus(bomb, 'PAYLOAD_TOO_LARGE', 413);
  });
});

describe('assertAvatarSize', () => {
  it('lets 2 MB through and answers 413 above it', () => {
    expect(() => assertAvatarSize(AVATAR_MAX_BYTES)).not.toThrow();
    expect(() => assertAvatarSize(AVATAR_MAX_BYTES + 1)).toThrow(
      expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', statusCode: 413 }),
    );
  });
});
