import type { Language } from '@summa/shared/languages';

const LOCALE: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/** A source's date as precise as it is: a year, a month and year, or a day. */
export function formatSourceDate(date: string, language: Language): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month) return date;
  const options: Intl.DateTimeFormatOptions = day
    ? { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }
    : { year: 'numeric', month: 'long', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(LOCALE[language], options).format(Date.UTC(year, month - 1, day ?? 1));
}

/** A country's name in the interface language (ISO 3166-1 alpha-2). */
export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([LOCALE[language]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
