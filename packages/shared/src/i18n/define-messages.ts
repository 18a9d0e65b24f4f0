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
