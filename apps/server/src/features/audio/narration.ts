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
/**
 * The shortest part (~5 s of speech): a part of a second or two (the closing line alone) is a
 * blip in the player's list, so it joins or takes from the part before it.
 */
export const NARRATION_MIN_PART_CHARS = 5 * NARRATION_CHARS_PER_SECOND;

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
  /**
   * Shortest part, unless the whole narration is shorter (default NARRATION_MIN_PART_CHARS; never
   * more than a fifth of the first part's limit, so that a short tail can always be rebalanced).
   */
  minChars?: number;
}

/** A piece of a section in a part: a whole section, a sentence, or a piece of a sentence. */
interface Unit {
  key: NarrationSectionKey;
  text: string;
  /** What joins it to the unit before it in the same part ('\n\n' at a section's start). */
  separator: string;
}

/** The length of a part's text, its units joined by their separators. */
function size(units: readonly Unit[]): number {
  return units.reduce(
    (sum, unit, index) => sum + (index === 0 ? 0 : unit.separator.length) + unit.text.length,
    0,
  );
}

/** A unit in finer units: its sentences, or, for a single sentence, pieces of at most `maxChars`. */
function refine(unit: Unit, language: Language, maxChars: number): Unit[] {
  const whole = sentences(unit.text, language)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  const pieces = whole.length > 1 ? whole : cutSentence(unit.text, maxChars).map((piece) => piece.trim());
  return pieces
    .filter((piece) => piece !== '')
    .map((text, index) => ({ key: unit.key, text, separator: index === 0 ? unit.separator : ' ' }));
}

/**
 * The narration in parts of at most `maxChars` characters (the first one shorter), ending with the
 * closing line. Parts
 * break between sections; a section longer than a part breaks between sentences; only a single
 * sentence longer than a whole part (which no summary field allows in practice) breaks at a
 * clause or between words. No part is shorter than `minChars` (a few seconds) unless the whole
 * narration is: a short part is filled from the section that follows it, and a short last part is
 * merged into the one before it or, when they do not fit together, takes that part's last
 * sentences. Joining the parts' texts with spaces gives the whole narration, in order.
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
  const minChars = Math.min(limits.minChars ?? NARRATION_MIN_PART_CHARS, Math.floor(firstMaxChars / 5));
  /** The limit of the part at `index`. */
  const limit = (index: number) => (index === 0 ? firstMaxChars : maxChars);
  const parts: Unit[][] = [];

  const fits = (unit: Unit) => {
    const current = parts.at(-1);
    return current !== undefined && size([...current, unit]) <= limit(parts.length - 1);
  };
  const isShort = () => {
    const current = parts.at(-1);
    return current !== undefined && size(current) < minChars;
  };
  /** Adds a unit that fits a part of its own to the current part, or starts the next one with it. */
  const add = (unit: Unit) => {
    if (fits(unit)) parts.at(-1)?.push(unit);
    else parts.push([unit]);
  };
  /** Adds a sentence, cut where it must be: to fill a short part, or to fit a new one. */
  const addSentence = (key: NarrationSectionKey, sentence: string, firstSeparator: string) => {
    let rest = sentence.trim();
    let separator = firstSeparator;
    while (rest !== '') {
      const unit = { key, text: rest, separator };
      if (fits(unit)) {
        add(unit);
        return;
      }
      const current = parts.at(-1);
      // A short part takes the head of the sentence that fits it rather than ending short.
      const room =
        current && isShort()
          ? limit(parts.length - 1) - size(current) - separator.length
          : limit(parts.length);
      if (!isShort() && rest.length <= room) {
        parts.push([unit]);
        return;
      }
      const head = cutSentence(rest, room)[0] ?? rest;
      const piece = { key, text: head.trim(), separator };
      if (current && isShort()) current.push(piece);
      else parts.push([piece]);
      rest = rest.slice(head.length).trim();
      separator = ' ';
    }
  };

  for (const section of sections) {
    const whole = { key: section.key, text: section.text.trim(), separator: '\n\n' };
    if (whole.text === '') continue;
    // Sections are sized for the part they would start: a whole section that does not fit the
    // current part starts the next one, unless the current part is too short to end there.
    if (fits(whole) || (!isShort() && whole.text.length <= limit(parts.length))) {
      add(whole);
      continue;
    }
    let separator = '\n\n';
    for (const piece of sentences(section.text, language)) {
      if (piece.trim() === '') continue;
      addSentence(section.key, piece, separator);
      separator = ' ';
    }
  }
  const last = parts.at(-1);
  const lastKey = last?.at(-1)?.key;
  if (lastKey) add({ key: lastKey, text: NARRATION_PHRASES[language].end, separator: ' ' });
  rebalanceTail(parts, limit, minChars, language);

  return parts.map((units, index) => {
    const text = units.map((unit, at) => (at === 0 ? unit.text : unit.separator + unit.text)).join('');
    const keys: NarrationSectionKey[] = [];
    for (const unit of units) if (keys.at(-1) !== unit.key) keys.push(unit.key);
    return {
      index,
      text,
      sections: keys,
      estimatedDurationMs: Math.round((text.length / NARRATION_CHARS_PER_SECOND) * 1000),
    };
  });
}

/**
 * A last part shorter than `minChars` (the closing line alone, say) joins the part before it when
 * both fit its limit; otherwise it takes that part's last units (whole sections first, then
 * sentences, then pieces of a sentence) until it is long enough, leaving that part long enough too.
 */
function rebalanceTail(
  parts: Unit[][],
  limit: (index: number) => number,
  minChars: number,
  language: Language,
): void {
  const lastIndex = parts.length - 1;
  const last = parts[lastIndex];
  const previous = parts[lastIndex - 1];
  if (!last || !previous || size(last) >= minChars) return;
  if (size([...previous, ...last]) <= limit(lastIndex - 1)) {
    parts.splice(lastIndex - 1, 2, [...previous, ...last]);
    return;
  }
  while (size(last) < minChars) {
    const unit = previous.at(-1);
    if (!unit) return;
    const movable =
      previous.length > 1 &&
      size(previous.slice(0, -1)) >= minChars &&
      size([unit, ...last]) <= limit(lastIndex);
    if (movable) {
      previous.pop();
      last.unshift(unit);
      continue;
    }
    const finer = refine(unit, language, minChars);
    if (finer.length <= 1) return;
    previous.splice(-1, 1, ...finer);
  }
}
