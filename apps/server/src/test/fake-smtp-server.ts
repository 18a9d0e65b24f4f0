import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server for the tests: keeps what it receives, and can refuse messages for a while. */
export interface FakeSmtpServer {
  /** SMTP_URL for the app. */
  readonly url: string;
  /** The messages it kept, in order: as sent (raw), and their envelope's recipients. */
  readonly received: ReceivedMail[];
  /** When each message was offered (epoch ms), kept or refused. */
  readonly attempts: number[];
  /** Refuses the next `count` messages with a temporary failure (451), as a busy server does. */
  refuse(count: number): void;
  close(): Promise<void>;
}

export interface ReceivedMail {
  raw: string;
  to: string[];
}

/** Temporary failure: the sender should try again later (RFC 5321). */
const TRY_LATER = 451;

export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const attempts: number[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts.push(Date.now());
        if (refusing > 0) {
          refusing -= 1;
          callback(Object.assign(new Error('try again later'), { responseCode: TRY_LATER }));
          return;
        }
        received.push({
          raw: Buffer.concat(chunks).toString('utf8'),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts,
    refuse: (count) => {
      refusing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text body of a raw message, undoing quoted-printable or base64. */
export function mailText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
