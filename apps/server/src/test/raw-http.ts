import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
}

/** Splits a raw HTTP/1.1 answer (one, with Content-Length) into its parts. */
export function parseRawResponse(raw: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: end === -1 ? '' : raw.slice(end + 4) };
}

/**
 * Sends bytes as they are over a new connection (requests that no HTTP client would send: huge
 * headers, a body that trickles in) and resolves with everything the server wrote once it
 * closes the connection, or after `waitMs`.
 */
export function sendRaw(
  port: number,
  chunks: readonly { data: string; delayMs?: number }[],
  waitMs = 10_000,
): Promise<{ raw: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    let timers: NodeJS.Timeout[] = [];
    const finish = () => {
      for (const timer of timers) clearTimeout(timer);
      timers = [];
      socket.destroy();
      resolve({ raw, closedAfterMs: performance.now() - startedAt });
    };
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (raw += data));
    socket.on('close', finish);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may cut a request it refuses before reading all of it.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish();
      else reject(error);
    });
    socket.on('connect', () => {
      let at = 0;
      for (const chunk of chunks) {
        at += chunk.delayMs ?? 0;
        timers.push(
          setTimeout(() => {
            if (!socket.destroyed) socket.write(chunk.data);
          }, at),
        );
      }
      timers.push(setTimeout(finish, waitMs));
    });
  });
}
