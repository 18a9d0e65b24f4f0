import type { Session } from '@summa/shared';
import { visitorAddress } from './accounts.js';
import { baseURL } from './browser.js';

/** A JSON request to the API as the signed-in reader of `session`, from a visitor's own address. */
export function apiAs(session: Session, path: string, body: unknown, method = 'POST'): Promise<Response> {
  return fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${session.access_token}`,
      'X-Forwarded-For': visitorAddress(),
    },
    body: JSON.stringify(body),
  });
}
