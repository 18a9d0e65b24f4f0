import type { FastifyLoggerOptions } from 'fastify';

/** Log fields that must never reach the logs, whatever a route logs. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  // A route that logs a request's headers or body as a field of its own.
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.refresh_token',
  '*.access_token',
  '*.token',
];

/** Query parameters that carry secrets: reset links, OAuth codes and state, stored files' signed URLs. */
const SECRET_PARAMS = ['token', 'code', 'state', 'refresh_token', 'access_token', 'signature'];

/** The URL as logged: the values of secret query parameters are replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let redacted = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      redacted = true;
    }
  }
  return redacted ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/** Where log lines go: stdout by default; tests hand in a stream to read them. */
export type LogStream = NonNullable<FastifyLoggerOptions['stream']>;

/** The server's pino options: the level, redaction, and a request serializer without headers. */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    redact: REDACTED_LOG_PATHS,
    // One-time tokens travel in some URLs (reset links, the OAuth callback): keep them out.
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
