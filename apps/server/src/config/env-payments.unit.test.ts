import { describe, expect, it } from 'vitest';
import { EnvError, loadConfig } from './env.js';

const PRICES = {
  STRIPE_PRICE_BRL_MONTHLY: 'price_brl_m',
  STRIPE_PRICE_BRL_YEARLY: 'price_brl_y',
  STRIPE_PRICE_USD_MONTHLY: 'price_usd_m',
  STRIPE_PRICE_USD_YEARLY: 'price_usd_y',
};

describe('payments configuration', () => {
  it('is off without STRIPE_SECRET_KEY', () => {
    expect(loadConfig({}).payments).toBeUndefined();
    expect(loadConfig({ ...PRICES, STRIPE_SECRET_KEY: '' }).payments).toBeUndefined();
  });

  it('takes the key, the webhook secret, the four prices and another API origin', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      ...PRICES,
    });
    expect(config.payments).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      prices: {
        BRL: { monthly: 'price_brl_m', yearly: 'price_brl_y' },
        USD: { monthly: 'price_usd_m', yearly: 'price_usd_y' },
      },
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('fails at start when the key comes without the webhook secret or a price, naming them', () => {
    const load = () =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_BRL_MONTHLY: 'price_brl_m' });
    expect(load).toThrow(EnvError);
    try {
      load();
    } catch (error) {
      expect((error as EnvError).issues.map((issue) => issue.variable)).toEqual([
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_BRL_YEARLY',
        'STRIPE_PRICE_USD_MONTHLY',
        'STRIPE_PRICE_USD_YEARLY',
      ]);
    }
  });

  it('refuses a price id that is not one, without echoing secrets', () => {
    expect(() => loadConfig({ STRIPE_PRICE_USD_YEARLY: 'price with spaces' })).toThrow(
      /STRIPE_PRICE_USD_YEARLY/,
    );
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
  });
});
