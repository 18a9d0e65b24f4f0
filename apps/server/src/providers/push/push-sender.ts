import webpush from 'web-push';

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
 * Web Push: the `web-push` library encrypts the message (aes128gcm) and signs the request (VAPID);
 * fetch delivers it to the push service, with a time-out. 'gone' when the push service says the
 * subscription no longer exists (404, 410): the caller forgets it.
 */
export class PushSender {
  constructor(
    readonly vapid: VapidDetails,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(target: PushTarget, payload: string): Promise<'sent' | 'gone'> {
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      { vapidDetails: this.vapid, TTL: 4 * 3_600, urgency: 'normal' },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    if (!response.ok) throw new Error(`the push service answered ${response.status}`);
    return 'sent';
  }
}

/** A new VAPID key pair (URL-safe base64), for a server without VAPID_* variables. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
