/**
 * Accent, case, punctuation and whitespace folding, written once for the whole product: the
 * server's search normal form, slugs, norm_key parts, the search box's highlight and the FAQ
 * search all fold with the one pass below.
 *
 * The pass, in order:
 * 1. each code point is decomposed (NFKD: "é" -> "e" + accent, "ﬁ" -> "fi", full width -> plain)
 *    and its combining marks are removed;
 * 2. the whole string is lower-cased (whole, so a Greek final sigma stays what it was);
 * 3. a rule sorts each remaining character: kept, dropped (its neighbours join), or a word break;
 *    each run of word breaks becomes one space, none at either end.
 * Steps 1 and 2 keep track of where each folded character came from, which the highlight needs.
 */

/** What a fold does with a character left after accents and case are gone. */
export type FoldTreatment = 'keep' | 'drop' | 'break';

export interface FoldRule {
  /** The treatment of each ASCII character, by code (precomputed: most text is ASCII). */
  readonly ascii: readonly FoldTreatment[];
  readonly treat: (character: string) => FoldTreatment;
}

/** A rule from its treatment of one character (one code point). */
export function defineFoldRule(treat: (character: string) => FoldTreatment): FoldRule {
  return { ascii: Array.from({ length: 0x80 }, (_, code) => treat(String.fromCharCode(code))), treat };
}

/** Apostrophes join ("Man's" -> "mans"); an acute accent on its own has become a space already. */
const APOSTROPHE = /^['’‘`´]$/u;
/** % and _ stay, so that in a search they match only themselves. */
const WORD = /^[\p{L}\p{N}%_]$/u;

/** The search normal form's rule: letters and digits kept, apostrophes dropped, anything else a break. */
export const SEARCH_FOLD_RULE = defineFoldRule((character) =>
  APOSTROPHE.test(character) ? 'drop' : WORD.test(character) ? 'keep' : 'break',
);

const ASCII_ONLY = /^[\u0000-\u007f]*$/; // eslint-disable-line no-control-regex -- the ASCII range starts at NUL
const MARKS = /\p{M}+/gu;

/** For each code unit of a folded text: the span [start, end) of the original text it came from. */
export interface FoldedText {
  readonly folded: string;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

interface Spans {
  starts: number[];
  ends: number[];
}

/** Step 1: each code point decomposed and stripped of marks, with its source span per code unit. */
function decompose(text: string, spans: Spans | undefined): { text: string; spans: Spans | undefined } {
  if (ASCII_ONLY.test(text)) {
    if (spans) {
      for (let i = 0; i < text.length; i += 1) {
        spans.starts.push(i);
        spans.ends.push(i + 1);
      }
    }
    return { text, spans };
  }
  let decomposed = '';
  for (let i = 0; i < text.length;) {
    const width = (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    const character = text.slice(i, i + width);
    const piece = text.charCodeAt(i) < 0x80 ? character : character.normalize('NFKD').replace(MARKS, '');
    decomposed += piece;
    if (spans) {
      for (let unit = 0; unit < piece.length; unit += 1) {
        spans.starts.push(i);
        spans.ends.push(i + width);
      }
    }
    i += width;
  }
  return { text: decomposed, spans };
}

/** The one folding pass; fills `out` with each folded code unit's source span when given. */
function fold(text: string, rule: FoldRule, out?: Spans): string {
  const decomposed = decompose(text, out ? { starts: [], ends: [] } : undefined);
  // Lower-casing keeps the length: nothing left after step 1 lower-cases to more or fewer code
  // units (a test checks every code point), so the spans still line up.
  const lower = decomposed.text.toLowerCase();
  const spans = decomposed.spans;
  let folded = '';
  let pendingBreak = false;
  let breakStart = 0;
  let breakEnd = 0;
  for (let i = 0; i < lower.length;) {
    const code = lower.charCodeAt(i);
    const width = code < 0x80 || (lower.codePointAt(i) ?? 0) <= 0xffff ? 1 : 2;
    const treatment = code < 0x80 ? rule.ascii[code] : rule.treat(lower.slice(i, i + width));
    if (treatment === 'break') {
      if (folded.length > 0) {
        if (!pendingBreak) breakStart = spans?.starts[i] ?? 0;
        breakEnd = spans?.ends[i + width - 1] ?? 0;
        pendingBreak = true;
      }
    } else if (treatment === 'keep') {
      if (pendingBreak) {
        folded += ' ';
        out?.starts.push(breakStart);
        out?.ends.push(breakEnd);
        pendingBreak = false;
      }
      folded += width === 1 ? lower.charAt(i) : lower.slice(i, i + width);
      if (out && spans) {
        for (let unit = i; unit < i + width; unit += 1) {
          out.starts.push(spans.starts[unit] ?? 0);
          out.ends.push(spans.ends[unit] ?? 0);
        }
      }
    }
    i += width;
  }
  return folded;
}

/**
 * The product's folded form of a text (the search normal form): lower case, no accents,
 * apostrophes dropped ("Man's" -> "mans"), any other run of punctuation, symbols or whitespace
 * one space, none at either end; % and _ kept. The database's summa_search_norm is its SQL twin.
 */
export function foldText(text: string): string {
  return fold(text, SEARCH_FOLD_RULE);
}

/**
 * foldText with, for each code unit of the folded text, the span of the original text it came
 * from: a match found in the folded text marks `text.slice(starts[from], ends[to - 1])`.
 */
export function foldTextWithPositions(text: string): FoldedText {
  const spans: Spans = { starts: [], ends: [] };
  const folded = fold(text, SEARCH_FOLD_RULE, spans);
  return { folded, starts: spans.starts, ends: spans.ends };
}

/** The same pass with another rule for what becomes of punctuation (norm_key parts use one). */
export function foldTextWith(text: string, rule: FoldRule): string {
  return fold(text, rule);
}
