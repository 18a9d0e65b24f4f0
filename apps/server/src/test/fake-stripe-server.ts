/**
 * A fake of the few Stripe API calls the server makes, for integration tests and e2e runs:
 * `POST /v1/customers`, `POST /v1/checkout/sessions`, `POST /v1/billing_portal/sessions`,
 * `GET /v1/subscriptions/{id}` (from subscriptions a test puts in) and `DELETE /v1/subscriptions/{id}`
 * (cancels one of those). The stripe package talks to it
 * through its host, port and protocol options (STRIPE_API_BASE). Node built-ins only, so that
 * e2e/ and bench/ can import it by relative path.
 */
import type { ServerResponse } from 'node:http';
import { pathOf, readBody, sendJson, startScriptedServer, type ScriptedServer } from './fake-server-kit.js';

export type FakeStripeBehaviour =
  /** Answers as Stripe would. */
  | { kind: 'ok' }
  /** Stripe's error answer with this status (a 500 is retried once by the SDK). */
  | { kind: 'status'; status: number };

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body as flat keys, e.g. `line_items[0][price]`. */
  params: Record<string, string>;
  /** The secret key the SDK sent as its bearer token. */
  apiKey: string | undefined;
}

/** A Stripe subscription object, as much of it as the server reads. */
export interface StripeSubscriptionObject {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

export type FakeStripeServer = ScriptedServer<FakeStripeBehaviour, FakeStripeRequest> & {
  /** What STRIPE_API_BASE should be. */
  readonly apiBase: string;
  /** Subscriptions `GET /v1/subscriptions/{id}` answers, by id. */
  readonly subscriptions: Map<string, StripeSubscriptionObject>;
  /** The requests to one path (e.g. `/v1/checkout/sessions`). */
  requestsTo(path: string): FakeStripeRequest[];
};

function stripeError(res: ServerResponse, status: number, message: string) {
  sendJson(res, status, { error: { type: 'invalid_request_error', message } });
}

export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const subscriptions = new Map<string, StripeSubscriptionObject>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String((counter += 1)).padStart(6, '0')}`;

  const server = await startScriptedServer<FakeStripeBehaviour, FakeStripeRequest>({
    name: 'fake Stripe server',
    responder: () => ({ kind: 'ok' }),
    fail: (res, message) => stripeError(res, 500, message),
    async handle(req, res, exchange) {
      const path = pathOf(req);
      const method = req.method ?? 'GET';
      const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
      const auth = req.headers.authorization;
      const apiKey = auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : undefined;
      const behaviour = await exchange.next({ method, path, params, apiKey });
      if (behaviour.kind === 'status') {
        stripeError(res, behaviour.status, `scripted ${behaviour.status}`);
        return;
      }
      const origin = `http://${req.headers.host ?? 'fake-stripe'}`;
      if (method === 'POST' && path === '/v1/customers') {
        sendJson(res, 200, {
          id: nextId('cus'),
          object: 'customer',
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: { userId: params['metadata[userId]'] },
        });
        return;
      }
      if (method === 'POST' && path === '/v1/checkout/sessions') {
        const id = nextId('cs_test');
        sendJson(res, 200, {
          id,
          object: 'checkout.session',
          mode: params.mode,
          customer: params.customer,
          client_reference_id: params.client_reference_id ?? null,
          url: `${origin}/checkout/${id}`,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
        });
        return;
      }
      if (method === 'POST' && path === '/v1/billing_portal/sessions') {
        const id = nextId('bps');
        sendJson(res, 200, {
          id,
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `${origin}/portal/${id}`,
        });
        return;
      }
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (method === 'GET' && subscription?.[1]) {
        const found = subscriptions.get(decodeURIComponent(subscription[1]));
        if (found) sendJson(res, 200, found);
        else stripeError(res, 404, `No such subscription: '${subscription[1]}'`);
        return;
      }
      if (method === 'DELETE' && subscription?.[1]) {
        const found = subscriptions.get(decodeURIComponent(subscription[1]));
        if (!found) {
          stripeError(res, 404, `No such subscription: '${subscription[1]}'`);
          return;
        }
        const canceled = { ...found, status: 'canceled', ended_at: Math.floor(Date.now() / 1000) };
        subscriptions.set(found.id, canceled);
        sendJson(res, 200, canceled);
        return;
      }
      stripeError(res, 404, `Unrecognized request URL (${method}: ${path})`);
    },
  });
  return Object.assign(server, {
    apiBase: server.origin,
    subscriptions,
    requestsTo: (path: string) => server.requests.filter((request) => request.path === path),
  });
}
