import type { Language, SummaryContent } from '@summa/shared';
import { GenerationError, type GenerationFailure } from './generation-error.js';
import { MalformedOutputError } from './model-call.js';
import { translatePrompt } from './prompts/index.js';
import {
  SECTION_KEYS,
  toGenerationFailure,
  writeWhenModelReady,
  type WriterEvents,
  type WriterOptions,
} from './summary-writer.js';

/** A stored summary to translate: the facts its prompt names and its checked content. */
export interface TranslationSource {
  title: string;
  author: string;
  content: SummaryContent;
}

/** The sections of `content` in the order the model writes them (jsonb does not keep key order). */
function sectionsInOrder(content: SummaryContent): Record<string, unknown> {
  const sections: Record<string, unknown> = content;
  return Object.fromEntries(SECTION_KEYS[content.kind].map((key) => [key, sections[key]]));
}

/** Whether `translated` has the source's shape: the same keys and as many items in every list. */
function sameShape(source: unknown, translated: unknown): boolean {
  if (Array.isArray(source)) {
    return (
      Array.isArray(translated) &&
      source.length === translated.length &&
      source.every((item, index) => sameShape(item, translated[index]))
    );
  }
  if (typeof source === 'object' && source !== null) {
    if (typeof translated !== 'object' || translated === null || Array.isArray(translated)) return false;
    const target = translated as Record<string, unknown>;
    return Object.entries(source).every(([key, value]) => sameShape(value, target[key]));
  }
  return typeof source === typeof translated;
}

/** A translation's failures as the reader hears of them: anything unusable is TRANSLATION_FAILED. */
function toTranslationFailure(error: unknown): GenerationFailure {
  if (error instanceof MalformedOutputError)
    return new GenerationError('TRANSLATION_FAILED', { cause: error });
  const failure = toGenerationFailure(error);
  return failure instanceof GenerationError && failure.code === 'GENERATION_FAILED'
    ? new GenerationError('TRANSLATION_FAILED', { cause: failure.cause })
    : failure;
}

/**
 * Translates a stored summary into `language` (instant translation): the model gets the summary's
 * sections as JSON and writes them again in that language, streamed section by section like a
 * generation, then checked against the same schema and against the source's shape (a faithful
 * translation keeps every item). Throws `GenerationError` or `GenerationCancelled`.
 */
export function translateSummary(
  source: TranslationSource,
  language: Language,
  options: WriterOptions,
  events: WriterEvents,
  signal: AbortSignal,
): Promise<SummaryContent> {
  return writeWhenModelReady(options, events, signal, toTranslationFailure, async () => {
    const original = sectionsInOrder(source.content);
    return {
      kind: source.content.kind,
      // Low: a translation has one right answer, not many good ones.
      request: { ...translatePrompt(language, source, JSON.stringify(original, null, 1)), temperature: 0.2 },
      check: (sections) =>
        sameShape(original, sections) ? undefined : 'the translation does not keep the summary’s shape',
    };
  });
}
