/** What a language's prompt file provides; `{name}` placeholders are filled by the builder. */
export interface PromptTexts {
  /** The system message for every call. */
  system: string;
  /** Asks whether the model knows a book that is not in the catalogue. */
  identify: string;
  /** The facts line of the summarize prompt. */
  facts: { title: string; author: string; originalTitle: string; year: string; category: string };
  /** Asks for a non-fiction summary, section by section. */
  nonFiction: string;
  /** Asks for a fiction summary, section by section. */
  fiction: string;
  /** The system message of a translation into this language. */
  translateSystem: string;
  /** Asks for a stored summary ({summary}, its JSON) in this language, after the facts lines. */
  translate: string;
}
