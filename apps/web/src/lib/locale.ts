import type { Language } from '@summa/shared/languages';

/** The locale each interface language formats numbers and dates in. */
export const LOCALE: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

const UNITS = [
  { unit: 'megabyte', bytes: 1_000_000 },
  { unit: 'kilobyte', bytes: 1_000 },
] as const;

/** A size on the device, as "1.2 MB" or "840 kB" in `language` (at least 1 kB). */
export function formatSize(bytes: number, language: Language): string {
  const { unit, bytes: per } = UNITS.find((candidate) => bytes >= candidate.bytes) ?? UNITS[1];
  const value = Math.max(bytes / per, 1);
  return new Intl.NumberFormat(LOCALE[language], {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
