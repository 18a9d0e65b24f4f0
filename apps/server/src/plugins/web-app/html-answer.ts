import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An HTML page the server put together, compressed once per encoding on first use. */
export class HtmlAnswer {
  private brotli: Buffer | undefined;
  private gzip: Buffer | undefined;
  readonly body: Buffer;

  constructor(html: string) {
    this.body = Buffer.from(html);
  }

  private encoded(accept: string): { encoding?: 'br' | 'gzip'; body: Buffer } {
    if (/\bbr\b/.test(accept)) {
      this.brotli ??= brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      return { encoding: 'br', body: this.brotli };
    }
    if (/\bgzip\b/.test(accept)) {
      this.gzip ??= gzipSync(this.body, { level: 9 });
      return { encoding: 'gzip', body: this.gzip };
    }
    return { body: this.body };
  }

  /** Sends the page, revalidated on every visit (`no-cache`); `vary` names what else chose it. */
  send(request: FastifyRequest, reply: FastifyReply, vary: readonly string[] = []): FastifyReply {
    const { encoding, body } = this.encoded(request.headers['accept-encoding'] ?? '');
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', ['accept-encoding', ...vary].join(', '))
      .send(body);
  }
}
