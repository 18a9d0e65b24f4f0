/**
 * A local stand-in for a book-cover host (the catalogue's covers are remote), for the PDF export's
 * tests: nothing is fetched from the internet. Paths: /cover.png (a 200 × 300 PNG), /cover.webp,
 * /missing (404), /slow (headers, then a body that never comes), /huge (a body past any limit),
 * /not-an-image (HTML).
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface FakeCoverServer {
  /** `http://127.0.0.1:port`. */
  readonly origin: string;
  /** The paths asked for, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startFakeCoverServer(): Promise<FakeCoverServer> {
  const image = sharp({ create: { width: 200, height: 300, channels: 3, background: '#b4532a' } });
  const [png, webp] = await Promise.all([image.clone().png().toBuffer(), image.clone().webp().toBuffer()]);
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    if (path === '/cover.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (path === '/cover.webp') res.writeHead(200, { 'content-type': 'image/webp' }).end(webp);
    else if (path === '/slow') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(png.subarray(0, 16));
      hanging.add(res);
    } else if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.concat([png, Buffer.alloc(3_000_000)]));
    } else if (path === '/not-an-image') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html><body>cover</body></html>');
    } else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
