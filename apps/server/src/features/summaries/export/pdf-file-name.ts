import { create as contentDisposition } from 'content-disposition';
import { foldText } from '@summa/shared';

/** Long titles make unwieldy file names; both forms are cut (at a word for the slug). */
const SLUG_MAX_LENGTH = 80;
const NAME_MAX_CHARACTERS = 120;

/**
 * The ASCII file name: the title folded (no accents, lower case) with hyphens between words,
 * "Ação e Reação" -> "acao-e-reacao.pdf"; "summary.pdf" when nothing Latin is left (a Japanese title).
 */
export function pdfSlugFileName(title: string): string {
  let slug = foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_MAX_LENGTH) {
    const cut = slug.slice(0, SLUG_MAX_LENGTH + 1);
    slug = cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut.slice(0, SLUG_MAX_LENGTH);
  }
  return `${slug || 'summary'}.pdf`;
}

/**
 * The file name in full Unicode, for the header's `filename*`: the title with the characters no
 * file system accepts (path separators, `:*?"<>|`, control characters) turned into spaces.
 */
export function pdfUnicodeFileName(title: string): string {
  const cleaned = title
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Cut between graphemes, so that no accent or emoji is split.
  const graphemes = Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(cleaned));
  const name = graphemes
    .slice(0, NAME_MAX_CHARACTERS)
    .map(({ segment }) => segment)
    .join('')
    .trim();
  return name ? `${name}.pdf` : pdfSlugFileName(title);
}

/**
 * `Content-Disposition: attachment` with the ASCII slug as `filename` (for old clients) and the
 * UTF-8 title as RFC 5987 `filename*`.
 */
export function pdfContentDisposition(title: string): string {
  return contentDisposition(pdfUnicodeFileName(title), {
    type: 'attachment',
    fallback: pdfSlugFileName(title),
  });
}
