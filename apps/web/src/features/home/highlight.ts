export interface TextSegment {
  text: string;
  match: boolean;
}

/** Lower case without accents, one original character at a time, so positions map back. */
function foldCharacter(character: string): string {
  return character.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Folds a whole string the same way the title is folded (lower case, accents removed). */
export function foldText(text: string): string {
  return Array.from(text, foldCharacter).join('');
}

interface FoldedText {
  folded: string;
  /** For each folded code unit: where its original character starts and ends in the text. */
  starts: number[];
  ends: number[];
}

function fold(text: string): FoldedText {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const character of text) {
    const piece = foldCharacter(character);
    for (let i = 0; i < piece.length; i += 1) {
      starts.push(offset);
      ends.push(offset + character.length);
    }
    folded += piece;
    offset += character.length;
  }
  return { folded, starts, ends };
}

/** The words of the typed query worth marking: the whole query and each word of 2+ characters. */
function needles(query: string): string[] {
  const whole = foldText(query.trim()).replace(/\s+/g, ' ');
  if (!whole) return [];
  const words = whole.split(' ').filter((word) => word.length >= 2);
  return [...new Set([whole, ...words])];
}

/**
 * Splits `text` into plain and matching segments for the typed `query`, ignoring case and accents
 * ("habitos" marks "Hábitos"). Every occurrence of the query, or of any of its words, is marked.
 */
export function highlightSegments(text: string, query: string): TextSegment[] {
  const { folded, starts, ends } = fold(text);
  const ranges: [number, number][] = [];
  for (const needle of needles(query)) {
    let from = folded.indexOf(needle);
    while (from !== -1) {
      const start = starts[from];
      const end = ends[from + needle.length - 1];
      if (start !== undefined && end !== undefined) ranges.push([start, end]);
      from = folded.indexOf(needle, from + needle.length);
    }
  }
  if (ranges.length === 0) return text ? [{ text, match: false }] : [];

  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }

  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const [start, end] of merged) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}
