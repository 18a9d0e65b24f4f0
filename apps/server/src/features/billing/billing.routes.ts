import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@summa/shared';
import { AppError } from '../../http/app-error.js';
import { endpointRoute, readerRoute } from '../../http/endpoint-route.js';
import type { BillingService } from './billing.service.js';

/** Stripe events are small, but an invoice with many lines can pass the API's 64 KB. */
export const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

const tags = ['plan'];

/** Premium through Stripe: whether it is on, the reader's subscription, Checkout, the Portal, webhooks. */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  app.route({
    ...endpointRoute(ENDPOINTS.billing.config, {
      tags,
      summary: 'Whether payments are configured (else the upgrade button says they are coming soon)',
    }),
    handler: async () => ({ enabled: billing.enabled }),
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.billing.subscription, {
      tags,
      summary: "The reader's plan and Stripe subscription (status, period end, cancellation)",
      errors: [404],
    }),
    handler: async (request) => billing.subscription(request.user.id),
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.billing.checkout, {
      tags,
      summary: "A Stripe Checkout Session for Premium at the price of the reader's language",
      description:
        'The price follows the profile language (BRL for pt, USD for en and es) and the interval. ' +
        '409 ALREADY_PREMIUM for a Premium reader; 503 PAYMENTS_NOT_CONFIGURED without Stripe.',
      errors: [400, 404, 409, 503],
    }),
    handler: async (request) => ({ url: await billing.checkout(request.user.id, request.body.interval) }),
  });

  app.route({
    ...readerRoute(app, ENDPOINTS.billing.portal, {
      tags,
      summary: "Stripe's Billing Portal for the reader (where Premium is cancelled)",
      description: '404 when the reader never went to Checkout; 503 PAYMENTS_NOT_CONFIGURED without Stripe.',
      errors: [404, 503],
    }),
    handler: async (request) => ({ url: await billing.portal(request.user.id) }),
  });

  // The signature covers the exact bytes Stripe sent: this route reads the body unparsed.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );
    raw.route({
      ...endpointRoute(ENDPOINTS.billing.webhook, {
        tags,
        summary: "Stripe's webhook: subscription events, verified by their signature",
        description:
          'Taken once per event id. 400 when the Stripe-Signature does not verify (or is too old) ' +
          'or the price is not one of STRIPE_PRICE_*; nothing changes then.',
        errors: [400, 413, 503],
      }),
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      handler: async (request) => {
        if (!billing.enabled) throw new AppError('PAYMENTS_NOT_CONFIGURED', 503);
        const body: unknown = request.body;
        if (!Buffer.isBuffer(body)) throw new AppError('BAD_REQUEST', 400);
        const header = request.headers['stripe-signature'];
        const signature = typeof header === 'string' ? header : undefined;
        const applied = await billing.webhook(body, signature);
        return { received: true as const, duplicate: !applied };
      },
    });
  });
};
