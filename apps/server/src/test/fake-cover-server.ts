/**
 * A local stand-in for a book-cover host, so that nothing is fetched from the internet. For the
 * PDF export: /cover.png (a 200 × 300 PNG), /cover.webp, /missing (404), /slow (headers, then a
 * body that never comes), /huge (a body past any limit), /not-an-image (HTML). For the cover
 * sweep, Open Library's covers API: /b/isbn/<isbn>-M.jpg answers as `answerFor(isbn)` says (a JPEG
 * of its own for each ISBN unless told otherwise).
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** How the stand-in answers for an ISBN. */
export type IsbnAnswer =
  /** 200, a JPEG (200 × 300) or PNG of this ISBN's own. */
  | 'jpeg'
  | 'png'
  /** 404, as Open Library's `default=false` answers for a book without a cover. */
  | 'missing'
  /** 200, a 1 × 1 GIF: Open Library's placeholder. */
  | 'placeholder'
  /** 503. */
  | 'error'
  /** Nothing at all, until the server closes. */
  | 'hang'
  /** 200, an HTML page. */
  | 'html'
  /** 200, a JPEG content type and 3 MB. */
  | 'huge'
  /** 200, a PNG served as image/jpeg. */
  | 'mislabelled';

export interface FakeCoverServer {
  /** `http://127.0.0.1:port`. */
  readonly origin: string;
  /** The paths asked for, in order. */
  readonly requests: string[];
  /** How it answers for an ISBN from now on. */
  answer(isbn: string, answer: IsbnAnswer): void;
  /** The image it serves for an ISBN ('jpeg' or 'png'). */
  imageFor(isbn: string, format: 'jpeg' | 'png'): Promise<Buffer>;
  close(): Promise<void>;
}

/** A 1 × 1 transparent GIF. */
const PLACEHOLDER_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const ISBN_PATH = /^\/b\/isbn\/(\d{13})-M\.jpg$/;

/** A cover of the ISBN's own colour, so that two ISBNs never share an image. */
function isbnImage(isbn: string, format: 'jpeg' | 'png'): Promise<Buffer> {
  const colour = `#${Number(isbn.slice(-7)).toString(16).padStart(6, '0').slice(-6)}`;
  const image = sharp({ create: { width: 200, height: 300, channels: 3, background: colour } });
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
}

export interface FakeCoverServerOptions {
  /** How it answers for an ISBN not told otherwise; 'jpeg' unless given. */
  answer?: IsbnAnswer;
  /** A wait before each ISBN's answer, as a distant host has. */
  delayMs?: number;
}

export async function startFakeCoverServer(options: FakeCoverServerOptions = {}): Promise<FakeCoverServer> {
  const image = sharp({ create: { width: 200, height: 300, channels: 3, background: '#b4532a' } });
  const [png, webp] = await Promise.all([image.clone().png().toBuffer(), image.clone().webp().toBuffer()]);
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();
  const answers = new Map<string, IsbnAnswer>();
  const answerIsbn = async (isbn: string, res: ServerResponse) => {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (res.destroyed) return;
    const answer = answers.get(isbn) ?? options.answer ?? 'jpeg';
    if (answer === 'jpeg' || answer === 'png') {
      res.writeHead(200, { 'content-type': `image/${answer}` }).end(await isbnImage(isbn, answer));
    } else if (answer === 'mislabelled') {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(await isbnImage(isbn, 'png'));
    } else if (answer === 'placeholder') {
      res.writeHead(200, { 'content-type': 'image/gif' }).end(PLACEHOLDER_GIF);
    } else if (answer === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
    } else if (answer === 'huge') {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(3_000_000));
    } else if (answer === 'error') res.writeHead(503).end();
    else if (answer === 'hang') hanging.add(res);
    else res.writeHead(404).end();
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const isbn = ISBN_PATH.exec(path)?.[1];
    if (isbn) void answerIsbn(isbn, res);
    else if (path === '/cover.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
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
    answer: (isbn, answer) => answers.set(isbn, answer),
    imageFor: isbnImage,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
