import type { Language } from '../languages.js';

export interface MessageTree {
  readonly [key: string]: string | MessageTree;
}

/** The same keys as `T`, with any strings: what every other language must provide. */
export type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

/**
 * Declares one area of interface text in the three languages side by side. The type makes a
 * missing or extra key in en or es a compile error; `i18n.unit.test.ts` checks the same at run time.
 */
export function defineMessages<const T extends MessageTree>(messages: {
  pt: T;
  en: SameKeys<T>;
  es: SameKeys<T>;
}): Record<Language, SameKeys<T>> {
  // T has the shape SameKeys<T> describes; TypeScript cannot prove that for a generic T.
  return messages as Record<Language, SameKeys<T>>;
}

/** One language's texts of a set of areas: `{ area: texts }`. */
export type AreaTexts<A extends Record<string, Record<Language, MessageTree>>> = {
  [K in keyof A]: A[K]['pt'];
};

/** A set of areas (each in the three languages) as each language's texts: what i18next loads. */
export function textsByLanguage<A extends Record<string, Record<Language, MessageTree>>>(
  areas: A,
): Record<Language, AreaTexts<A>> {
  const inLanguage = (language: Language) =>
    Object.fromEntries(Object.entries(areas).map(([name, area]) => [name, area[language]])) as AreaTexts<A>;
  return { pt: inLanguage('pt'), en: inLanguage('en'), es: inLanguage('es') };
}
