import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The token of a reminder e-mail's unsubscribe link: the reader's id and an HMAC-SHA256 of it with
 * the app's `reminders` secret (kept in the database), so that the link turns off that reader's
 * reminders without a session and cannot be made for another reader. It does not expire: an old
 * e-mail's link must still work (RFC 8058).
 */
export class UnsubscribeTokens {
  constructor(private readonly key: string) {}

  private mac(userId: string): Buffer {
    return createHmac('sha256', this.key).update(`reminders-unsubscribe:${userId}`).digest();
  }

  sign(userId: string): string {
    return `${userId}.${this.mac(userId).toString('base64url')}`;
  }

  /** The reader the token names, or undefined for a token this server did not sign. */
  verify(token: string): string | undefined {
    const [userId = '', signature = ''] = token.split('.');
    if (!UUID.test(userId)) return undefined;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(userId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
  }
}
