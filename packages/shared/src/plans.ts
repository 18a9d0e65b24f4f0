import type { Language } from './languages.js';

export const PLAN_TYPES = ['free', 'premium'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Monthly allowances of the free plan (spec §6, §9); premium has none. */
export const FREE_PLAN_LIMITS = { summariesPerMonth: 10, audiosPerMonth: 10 } as const;

/** How often Premium is billed. */
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The currencies Premium is sold in (ISO 4217). */
export const PREMIUM_CURRENCIES = ['BRL', 'USD'] as const;
export type PremiumCurrency = (typeof PREMIUM_CURRENCIES)[number];

/**
 * Premium's price in each interface language (spec §9): the one source for /plans, the landing's
 * pricing and the server's choice of Stripe price. Amounts are in the currency's major unit.
 */
export const PREMIUM_PRICES: Readonly<
  Record<Language, { currency: PremiumCurrency; monthly: number; yearly: number }>
> = {
  pt: { currency: 'BRL', monthly: 14.99, yearly: 149 },
  en: { currency: 'USD', monthly: 4.99, yearly: 49 },
  es: { currency: 'USD', monthly: 4.99, yearly: 49 },
};

/** The currency a reader of `language` pays in. */
export function premiumCurrencyOf(language: Language): PremiumCurrency {
  return PREMIUM_PRICES[language].currency;
}

/** Yearly billing costs about this many months (spec: 'Yearly gives 2 months free'). */
export const YEARLY_FREE_MONTHS = 2;

/** Days within which a first payment is refunded on request (spec §9: 7-day guarantee). */
export const PREMIUM_GUARANTEE_DAYS = 7;
