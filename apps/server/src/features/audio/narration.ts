import type { Language, SummaryContent } from '@summa/shared';
import { NARRATION_PHRASES, type NarrationPhrases } from './narration-phrases.js';

/**
 * The spec's audio narration headings (§3), in its order. A summary is narrated under those of
 * them it has: a non-fiction summary its one-liner and key ideas, a fiction summary all of its
 * sections but the closing. (keyConcepts, plot, quotes, criticalReception, historicalContext,
 * culturalImpact and bibliography are headings no summary kind has yet.)
 */
export const NARRATION_HEADINGS = [
  'book',
  'oneLiner',
  'keyIdeas',
  'recommendedFor',
  'synopsis',
  'themes',
  'characters',
  'writingStyle',
] as const;
export type NarrationSectionKey = (typeof NARRATION_HEADINGS)[number];

/**
 * Characters per part: eSpeak and the hosted voices speak ~14-16 characters a second, so a part
 * is at most ~3 minutes, the first part is quick to make and later parts are made while it plays.
 */
export const NARRATION_MAX_PART_CHARS = 2_500;
/**
 * The first part is kept short (~40 s of speech) so that it is playable about a second after the
 * reader asks, while the longer parts after it are made as it plays (bench/tts.ts measures it).
 */
export const NARRATION_FIRST_PART_MAX_CHARS = 600;
/** Characters a second, to estimate a part's length before it is spoken. */
export const NARRATION_CHARS_PER_SECOND = 15;

export interface NarrationInput {
  title: string;
  author: string;
  language: Language;
  content: SummaryContent;
}

export interface NarrationSection {
  key: NarrationSectionKey;
  /** What is said: the spoken heading (none for `book`), then the section's text. */
  text: string;
}

export interface NarrationPart {
  /** 0-based, in playing order. */
  index: number;
  text: string;
  /** The sections (or pieces of them) this part speaks, in order. */
  sections: NarrationSectionKey[];
  /** A rough length from the characters, for the player's list before the audio exists. */
  estimatedDurationMs: number;
}

/** Adds a full stop to text that does not end a sentence, so that every item ends with a pause. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…:;]["'”’»)]*$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Makes text easier to say: number ranges get a word ("3-5" would be read "3 minus 5"), dashes
 * used as parentheses become commas, and whitespace collapses.
 */
export function speakable(text: string, phrases: NarrationPhrases): string {
  return text
    .replace(/(\d)\s*[-–—]\s*(\d)/g, `$1 ${phrases.rangeWord} $2`)
    .replace(/\s+[–—]\s+/g, ', ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "First, …", "Second, …", and "Finally, …" for the last of three or more. */
function enumerate(items: readonly string[], phrases: NarrationPhrases): string[] {
  return items.map((item, index) => {
    const last = index === items.length - 1 && items.length >= 3;
    const ordinal = last ? phrases.finally : (phrases.ordinals[index] ?? phrases.finally);
    return `${ordinal}, ${item}`;
  });
}

function sectionTexts(input: NarrationInput, phrases: NarrationPhrases): [NarrationSectionKey, string[]][] {
  const { content } = input;
  const book = phrases.book.replace('{title}', input.title.trim()).replace('{author}', input.author.trim());
  const sections: Partial<Record<NarrationSectionKey, string[]>> = {
    book: [book],
    oneLiner: [sentence(content.oneLiner)],
  };
  if (content.kind === 'nonfiction') {
    sections.keyIdeas = enumerate(
      content.keyIdeas.map((idea) => `${sentence(idea.title)} ${sentence(idea.explanation)}`),
      phrases,
    );
  } else {
    sections.recommendedFor = [sentence(content.recommendedFor)];
    sections.synopsis = [sentence(content.synopsis)];
    sections.themes = enumerate(content.themes.map(sentence), phrases);
    sections.characters = content.characters.map(
      (character) => `${sentence(character.name)} ${sentence(character.description)}`,
    );
    sections.writingStyle = [sentence(content.writingStyle)];
  }
  return NARRATION_HEADINGS.flatMap((key) => {
    const lines = sections[key];
    return lines ? [[key, lines] as [NarrationSectionKey, string[]]] : [];
  });
}

/** The whole narration, section by section, in the summary's language. */
export function narrationSections(input: NarrationInput): NarrationSection[] {
  const phrases = NARRATION_PHRASES[input.language];
  return sectionTexts(input, phrases).map(([key, lines]) => {
    const heading = key === 'book' ? [] : [phrases.headings[key]];
    return { key, text: speakable([...heading, ...lines].join(' '), phrases) };
  });
}

/** Splits text into sentences (language-aware), each keeping its trailing space. */
function sentences(text: string, language: Language): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  return Array.from(segmenter.segment(text), (segment) => segment.segment);
}

/** Cuts a too-long sentence at clause ends (, ; :) and, failing those, between words. */
function cutSentence(text: string, maxChars: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    const clause = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '));
    const space = window.lastIndexOf(' ');
    const cut = clause > maxChars / 2 ? clause + 2 : space > 0 ? space + 1 : maxChars;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

export interface PartLimits {
  /** Longest part (default NARRATION_MAX_PART_CHARS). */
  maxChars?: number;
  /** Longest first part (default NARRATION_FIRST_PART_MAX_CHARS; never more than `maxChars`). */
  firstPartMaxChars?: number;
}

/**
 * The narration in parts of at most `maxChars` characters (the first one shorter), ending with the
 * closing line. Parts
 * break between sections; a section longer than a part breaks between sentences; only a single
 * sentence longer than a whole part (which no summary field allows in practice) breaks at a
 * clause or between words. Joining the parts' texts with spaces gives the whole narration, in order.
 */
export function narrationParts(input: NarrationInput, limits: PartLimits = {}): NarrationPart[] {
  return splitNarration(narrationSections(input), input.language, limits);
}

/** `narrationParts` for sections made elsewhere (the benchmark's longer narrations). */
export function splitNarration(
  sections: readonly NarrationSection[],
  language: Language,
  limits: PartLimits = {},
): NarrationPart[] {
  const maxChars = limits.maxChars ?? NARRATION_MAX_PART_CHARS;
  const firstMaxChars = Math.min(limits.firstPartMaxChars ?? NARRATION_FIRST_PART_MAX_CHARS, maxChars);
  /** The limit of the part at `index`. */
  const limit = (index: number) => (index === 0 ? firstMaxChars : maxChars);
  const parts: { text: string; sections: NarrationSectionKey[] }[] = [];
  let current: { text: string; sections: NarrationSectionKey[] } | undefined;

  const add = (key: NarrationSectionKey, piece: string, separator: string) => {
    const text = piece.trim();
    if (text === '') return;
    if (current && current.text.length + separator.length + text.length <= limit(parts.length - 1)) {
      current.text += separator + text;
      if (current.sections.at(-1) !== key) current.sections.push(key);
      return;
    }
    current = { text, sections: [key] };
    parts.push(current);
  };

  for (const section of sections) {
    // Sections and sentences are sized for the part they would start.
    if (section.text.length <= limit(parts.length)) {
      // A whole section that does not fit the current part starts the next one.
      add(section.key, section.text, '\n\n');
      continue;
    }
    let separator = '\n\n';
    for (const whole of sentences(section.text, language)) {
      const room = limit(parts.length);
      for (const piece of whole.length > room ? cutSentence(whole, room) : [whole]) {
        add(section.key, piece, separator);
        separator = ' ';
      }
    }
  }
  const end = NARRATION_PHRASES[language].end;
  if (current) add(current.sections.at(-1) ?? 'book', end, ' ');

  return parts.map((part, index) => ({
    index,
    text: part.text,
    sections: part.sections,
    estimatedDurationMs: Math.round((part.text.length / NARRATION_CHARS_PER_SECOND) * 1000),
  }));
}
