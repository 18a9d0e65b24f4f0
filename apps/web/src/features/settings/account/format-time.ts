import type { Language } from '@summa/shared/languages';

const LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es-419' };

/** A moment as the reader's language writes a date and time ('12 de mar. de 2026, 14:05'); '' when unreadable. */
export function formatMoment(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
