/** Query parameters that carry one-time secrets: reset links, OAuth codes and state. */
const SECRET_PARAMS = ['token', 'code', 'state', 'refresh_token', 'access_token'];

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
