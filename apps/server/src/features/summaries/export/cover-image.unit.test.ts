import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCoverServer, type FakeCoverServer } from '../../../test/fake-cover-server.js';
import { createCoverImages } from './cover-image.js';

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

describe('book covers for the PDF export', () => {
  let host: FakeCoverServer;
  beforeAll(async () => {
    host = await startFakeCoverServer();
  });
  afterAll(async () => {
    await host.close();
  });

  it('re-encodes a PNG or WebP cover as a JPEG of the same proportions', async () => {
    const covers = createCoverImages();
    for (const path of ['/cover.png', '/cover.webp']) {
      const cover = await covers.load(`${host.origin}${path}`);
      expect(cover?.data.subarray(0, 3)).toEqual(JPEG_START);
      expect(cover).toMatchObject({ width: 200, height: 300 });
    }
  });

  it('fetches a cover once and then serves it from memory', async () => {
    const covers = createCoverImages();
    const url = `${host.origin}/cover.png?cached`;
    const before = host.requests.length;
    const first = await covers.load(url);
    const second = await covers.load(url);
    expect(second).toBe(first);
    expect(host.requests.length - before).toBe(1);
  });

  it('gives no cover for a missing, oversized or undecodable one', async () => {
    const covers = createCoverImages({ maxBytes: 1_000_000 });
    expect(await covers.load(`${host.origin}/missing`)).toBeUndefined();
    expect(await covers.load(`${host.origin}/huge`)).toBeUndefined();
    expect(await covers.load(`${host.origin}/not-an-image`)).toBeUndefined();
  });

  it('gives up on a host that does not finish in time', async () => {
    const covers = createCoverImages({ timeoutMs: 200 });
    expect(await covers.load(`${host.origin}/slow`)).toBeUndefined();
  });

  it('gives no cover for an unreachable host, and fetches nothing but HTTP(S)', async () => {
    const covers = createCoverImages();
    const before = host.requests.length;
    expect(await covers.load('http://127.0.0.1:2/cover.png')).toBeUndefined();
    expect(await covers.load('file:///etc/hostname')).toBeUndefined();
    expect(await covers.load('not a url')).toBeUndefined();
    expect(host.requests.length).toBe(before);
  });
});
