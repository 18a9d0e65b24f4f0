import webpush, { WebPushError } from 'web-push';

/** A browser's push subscription as kept: its push service's endpoint and the keys to encrypt for it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: — who push services may contact about these messages. */
  subject: string;
}

/**
 * Web Push through the `web-push` library (VAPID, aes128gcm). 'gone' when the push service says
 * the subscription no longer exists (404, 410): the caller forgets it.
 */
export class PushSender {
  constructor(
    readonly vapid: VapidDetails,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(target: PushTarget, payload: string): Promise<'sent' | 'gone'> {
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: this.vapid,
          TTL: 4 * 3_600,
          urgency: 'normal',
          timeout: this.timeoutMs,
        },
      );
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410))
        return 'gone';
      throw error;
    }
  }
}

/** A new VAPID key pair (URL-safe base64), for a server without VAPID_* variables. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
