import type { Language } from '@summa/shared/languages';
import { PREMIUM_PRICES, YEARLY_FREE_MONTHS, type BillingInterval } from '@summa/shared/plans';

/** The locale each interface language formats money in (Latin American Spanish for es). */
const MONEY_LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-419' };

/** `amount` in the language's Premium currency, without cents when it is a whole number. */
export function formatMoney(language: Language, amount: number): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(MONEY_LOCALES[language], {
    style: 'currency',
    currency: PREMIUM_PRICES[language].currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** Premium's price for a language and interval, formatted, with what the other figures say of it. */
export interface PremiumPriceView {
  /** The price of one interval: 'R$ 14,99' or 'R$ 149'. */
  price: string;
  /** The yearly price (for the monthly note 'or R$ 149 a year'). */
  yearly: string;
  /** The yearly price spread over 12 months (for the yearly note). */
  yearlyPerMonth: string;
  freeMonths: number;
  /** The Free plan's price, zero in the same currency. */
  free: string;
}

export function premiumPriceView(language: Language, interval: BillingInterval): PremiumPriceView {
  const figures = PREMIUM_PRICES[language];
  const perMonth = Math.round((figures.yearly / 12) * 100) / 100;
  return {
    price: formatMoney(language, figures[interval]),
    yearly: formatMoney(language, figures.yearly),
    yearlyPerMonth: formatMoney(language, perMonth),
    freeMonths: YEARLY_FREE_MONTHS,
    free: formatMoney(language, 0),
  };
}
