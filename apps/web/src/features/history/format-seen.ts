import type { Language } from '@summa/shared/languages';

const LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es-419' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The full date and time, for the tooltip and screen readers. */
export function formatFullDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/**
 * When a summary was last seen, in the interface language: relative within the last week
 * ('3 hours ago', 'yesterday'), a date after that ('12 Mar 2026').
 */
export function formatSeen(iso: string, language: Language, now: Date = new Date()): string {
  const date = new Date(iso);
  const elapsed = now.getTime() - date.getTime();
  const locale = LOCALES[language];
  if (Number.isNaN(elapsed)) return '';
  // A moment in the future (the server's clock a little ahead of this one) still reads 'now'.
  if (elapsed > -HOUR && elapsed < 7 * DAY) {
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    if (elapsed < MINUTE) return relative.format(0, 'second');
    if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
    if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
    return relative.format(-Math.floor(elapsed / DAY), 'day');
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
