import nodemailer from 'nodemailer';
import type { MailProvider } from './mail-provider.js';

/** Sends through any SMTP server: smtp://user:pass@host:587 or smtps://... for implicit TLS. */
export function createSmtpMailProvider(smtpUrl: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.headers ? { headers: { ...message.headers } } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
