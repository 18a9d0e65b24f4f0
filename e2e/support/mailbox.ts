import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

/** One e-mail as the local SMTP server received it (support/global-setup.ts). */
export interface ReceivedMail {
  to: string;
  subject: string;
  /** The decoded text of every text/* part. */
  text: string;
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      // Literal % first, then =XX escapes as %XX, so decodeURIComponent reads the UTF-8 bytes.
      const escaped = body
        .replace(/=\r?\n/g, '')
        .replace(/%/g, '%25')
        .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => `%${hex}`);
      return decodeURIComponent(escaped);
    }
    default:
      return body;
  }
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/** The text of a MIME entity: its own body when text/*, else that of its parts. */
function textOf(raw: string): string {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => textOf(part.replace(/^\r?\n/, '')))
      .join('\n');
  }
  return type.toLowerCase().startsWith('text/')
    ? decodeBody(body, headers.get('content-transfer-encoding'))
    : '';
}

async function readMailbox(dir: string): Promise<ReceivedMail[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(dir, file), 'utf8');
      const { headers } = splitHead(raw);
      return {
        to: headers.get('to') ?? '',
        subject: decodeHeader(headers.get('subject') ?? ''),
        text: textOf(raw),
      };
    }),
  );
}

/**
 * Waits for the newest e-mail to `address` (with a link to `linkPath`, when given: a sign-up's
 * confirmation mail may arrive after a later one) and returns it.
 */
export async function waitForMail(
  address: string,
  linkPath?: string,
  // Mail goes out through the job queue; on a busy 2-core machine that took over 15 s in CI.
  timeoutMs = 30_000,
  mailDir: string = inject('mailDir'),
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readMailbox(mailDir)).filter(
      (message) =>
        message.to.toLowerCase().includes(address.toLowerCase()) &&
        (linkPath === undefined || hasLink(message, linkPath)),
    );
    const newest = mail.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function linksOf(mail: ReceivedMail): URL[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map(
    (match) => new URL(match[0].replace(/&amp;/g, '&')),
  );
}

function hasLink(mail: ReceivedMail, pathname: string): boolean {
  return linksOf(mail).some((url) => url.pathname === pathname);
}

/** The first link in the mail whose path is `pathname` (e.g. /auth/reset). */
export function linkIn(mail: ReceivedMail, pathname: string): URL {
  const link = linksOf(mail).find((url) => url.pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in the e-mail "${mail.subject}"`);
  return link;
}
