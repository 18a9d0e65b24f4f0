import type { BookKind, Language } from '@summa/shared';
import { en } from './en.js';
import { es } from './es.js';
import type { PromptTexts } from './prompt-texts.js';
import { pt } from './pt.js';

const PROMPTS: Record<Language, PromptTexts> = { pt, en, es };

/** What the resolve step knows about a book; the catalogue fills the optional facts. */
export interface BookFacts {
  title: string;
  author: string;
  originalTitle?: string | undefined;
  year?: number | null | undefined;
  category?: string | null | undefined;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);

export function identifyPrompt(language: Language, book: BookFacts): { system: string; prompt: string } {
  const texts = PROMPTS[language];
  return { system: texts.system, prompt: fill(texts.identify, { title: book.title, author: book.author }) };
}

export function summarizePrompt(
  language: Language,
  kind: BookKind,
  book: BookFacts,
): { system: string; prompt: string } {
  const texts = PROMPTS[language];
  const facts = [
    `${texts.facts.title}: ${book.title}`,
    `${texts.facts.author}: ${book.author}`,
    book.originalTitle && book.originalTitle !== book.title
      ? `${texts.facts.originalTitle}: ${book.originalTitle}`
      : undefined,
    book.year ? `${texts.facts.year}: ${book.year}` : undefined,
    book.category ? `${texts.facts.category}: ${book.category}` : undefined,
  ].filter((line) => line !== undefined);
  return {
    system: texts.system,
    prompt: `${facts.join('\n')}\n\n${kind === 'fiction' ? texts.fiction : texts.nonFiction}`,
  };
}

/**
 * Asks for `summary` (a stored summary's sections, as JSON) in `language`: the facts lines in
 * that language, then the instruction and the JSON.
 */
export function translatePrompt(
  language: Language,
  book: Pick<BookFacts, 'title' | 'author'>,
  summary: string,
): { system: string; prompt: string } {
  const texts = PROMPTS[language];
  const facts = `${texts.facts.title}: ${book.title}\n${texts.facts.author}: ${book.author}`;
  return { system: texts.translateSystem, prompt: `${facts}\n\n${fill(texts.translate, { summary })}` };
}
