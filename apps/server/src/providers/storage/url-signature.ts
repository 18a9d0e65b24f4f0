import { createHmac, timingSafeEqual } from 'node:crypto';

/** The query of a signed local-storage URL: `?expires=<unix seconds>&signature=<MAC>[&name=<file name>]`. */
export interface SignedQuery {
  expires?: string | undefined;
  signature?: string | undefined;
  name?: string | undefined;
}

export type SignatureCheck =
  | { valid: true; expiresAt: number; downloadName: string | undefined }
  | { valid: false; reason: 'malformed' | 'tampered' | 'expired' };

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES = /^[1-9][0-9]{0,11}$/;

/**
 * HMAC-SHA256 over the key, the expiry and the offered file name, so none of them can be
 * changed without the server's key. The version prefix keeps these MACs apart from any other
 * use of the same key.
 */
export class UrlSigner {
  constructor(private readonly key: string | Buffer) {}

  private mac(objectKey: string, expires: number, name: string | undefined): string {
    return createHmac('sha256', this.key)
      .update(`summa-storage-url-v1\n${objectKey}\n${expires}\n${name ?? ''}`)
      .digest('base64url');
  }

  /** The query string (no '?') that lets its holder read `objectKey` until `expiresAt` (unix seconds). */
  sign(objectKey: string, expiresAt: number, name?: string): string {
    const query = new URLSearchParams({
      expires: String(expiresAt),
      signature: this.mac(objectKey, expiresAt, name),
    });
    if (name !== undefined) query.set('name', name);
    return query.toString();
  }

  /** `nowSeconds` is the unix time the request arrived; a URL is good up to and including its second. */
  check(objectKey: string, query: SignedQuery, nowSeconds: number): SignatureCheck {
    const { expires, signature, name } = query;
    if (!expires || !signature || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) {
      return { valid: false, reason: 'malformed' };
    }
    const expiresAt = Number(expires);
    const expected = Buffer.from(this.mac(objectKey, expiresAt, name));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { valid: false, reason: 'tampered' };
    }
    if (nowSeconds > expiresAt) return { valid: false, reason: 'expired' };
    return { valid: true, expiresAt, downloadName: name };
  }
}
