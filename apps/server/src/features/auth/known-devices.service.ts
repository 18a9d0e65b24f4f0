import { createHmac } from 'node:crypto';
import { randomToken, safeEqual, sha256 } from './tokens.service.js';

export interface KnownDevicesDeps {
  /** The key of the devices' MACs, kept in the database (app_secrets 'device'). */
  key: string;
}

const TOKEN = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/;

/**
 * A browser that has signed in to an account before carries a token for it: a random id and a
 * MAC over the id and the account's e-mail hash. Nothing is stored per device; the server only
 * keeps the key. Login throttling lets such a browser past the limits a stranger can fill for
 * the account (ADR 0012). The routes carry the token in a signed cookie (auth-cookies.ts).
 */
export class KnownDevices {
  constructor(private readonly deps: KnownDevicesDeps) {}

  /** A new token for a browser that just signed in to the account of `email`. */
  issue(email: string): string {
    const id = randomToken(18);
    return `${id}.${this.mac(email, id)}`;
  }

  /** The device id when `token` was issued for `email` by this server; else undefined. */
  recognise(email: string, token: string | undefined): string | undefined {
    const match = token ? TOKEN.exec(token) : null;
    if (!match?.[1] || !match[2]) return undefined;
    return safeEqual(match[2], this.mac(email, match[1])) ? match[1] : undefined;
  }

  private mac(email: string, id: string): string {
    return createHmac('sha256', this.deps.key)
      .update(`${sha256(email.toLowerCase())}.${id}`)
      .digest('base64url');
  }
}
