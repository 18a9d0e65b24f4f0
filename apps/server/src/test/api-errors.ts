import type { ErrorResponse } from '@summa/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/** The error an API answer carries. */
export function errorOf(response: { json: () => unknown }): ErrorResponse['error'] {
  return (response.json() as ErrorResponse).error;
}

/** POSTs `body`, JSON cut off half-way, to `url`, as a client with a broken serializer would. */
export function postMalformedJson(
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  url: string,
  body: string,
): Promise<LightMyRequestResponse> {
  return inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
}
