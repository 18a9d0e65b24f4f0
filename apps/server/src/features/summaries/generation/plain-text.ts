/**
 * Turns what a model wrote into the plain text a summary stores: no HTML tags, no Markdown
 * emphasis, headings or list markers, no stray whitespace. Applied to every string, deeply.
 */
export function toPlainText(text: string): string {
  return text
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*(?:[-*•]|\d+[.)])\s+/gm, '')
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

export function plainTextDeep(value: unknown): unknown {
  if (typeof value === 'string') return toPlainText(value);
  if (Array.isArray(value)) return value.map(plainTextDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainTextDeep(item)]));
  }
  return value;
}
