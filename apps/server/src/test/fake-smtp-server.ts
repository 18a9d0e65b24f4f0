import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the fake SMTP server took: its raw text and the envelope's recipients. */
export interface ReceivedMail {
  raw: string;
  to: string[];
}

export interface FakeSmtpServer {
  /** The app's SMTP_URL for this server. */
  readonly url: string;
  /** Every message taken, in arrival order. */
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 (the network boundary) that keeps every message, with no TLS or login. */
export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          raw: Buffer.concat(chunks).toString('utf8'),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
