import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailProvider, type MailMessage, type MailSettings } from '../providers/mail/mail-provider.js';

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /**
   * Prepares and sends a message in the background, so that a response takes as long whether or
   * not a message goes out (`prepare` may decide there is none). Failures are logged; closing
   * the app waits for messages in flight.
   */
  dispatch(prepare: () => Promise<MailMessage | undefined>): void;
  /** Resolves once every message dispatched so far is sent or has failed (shutdown, tests). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export const mailPlugin = fp(async (app: FastifyInstance, settings: MailSettings) => {
  const provider = createMailProvider(settings, app.db, app.log);
  const inFlight = new Set<Promise<void>>();

  const mailer: Mailer = {
    kind: provider.kind,
    send: (message) => provider.send(message),
    dispatch(prepare) {
      const sending = prepare()
        .then((message) => (message ? provider.send(message) : undefined))
        .catch((error: unknown) => app.log.error({ err: error }, 'mail not sent'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async settled() {
      await Promise.allSettled([...inFlight]);
    },
  };
  app.decorate('mail', mailer);
  app.addHook('onClose', async () => {
    await mailer.settled();
    await provider.close();
  });
});
