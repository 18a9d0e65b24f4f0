import { createHmac } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { loadOrCreateSecret } from './sessions.repository.js';
import { randomToken, safeEqual, sha256 } from './tokens.service.js';

/**
 * A browser that has signed in to an account before carries a token for it: a random id and a
 * MAC over the id and the account's e-mail hash. Nothing is stored per device; the server only
 * keeps the key (app_secrets 'device'). Login throttling lets such a browser past the limits a
 * stranger can fill for the account (ADR 0012).
 */
export interface KnownDevices {
  /** A new token for a browser that just signed in to the account of `email`. */
  issue(email: string): string;
  /** The device id when `token` was issued for `email` by this server; else undefined. */
  recognise(email: string, token: string | undefined): string | undefined;
}

const TOKEN = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/;

export async function loadKnownDevices(db: Database): Promise<KnownDevices> {
  const key = await loadOrCreateSecret(db, 'device', () => randomToken(48));
  const mac = (email: string, id: string) =>
    createHmac('sha256', key)
      .update(`${sha256(email.toLowerCase())}.${id}`)
      .digest('base64url');
  return {
    issue(email) {
      const id = randomToken(18);
      return `${id}.${mac(email, id)}`;
    },
    recognise(email, token) {
      const match = token ? TOKEN.exec(token) : null;
      if (!match?.[1] || !match[2]) return undefined;
      return safeEqual(match[2], mac(email, match[1])) ? match[1] : undefined;
    },
  };
}
