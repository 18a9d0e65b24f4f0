import { foldText, foldTextWithPositions } from '@summa/shared';

export interface TextSegment {
  text: string;
  match: boolean;
}

/** The words of the typed query worth marking: the whole query and each word of 2+ characters. */
function needles(query: string): string[] {
  const whole = foldText(query);
  if (!whole) return [];
  const words = whole.split(' ').filter((word) => word.length >= 2);
  return [...new Set([whole, ...words])];
}

/**
 * Splits `text` into plain and matching segments for the typed `query`, folded as the server's
 * search folds them (foldText: "habitos" marks "Hábitos", "mans" marks "Man's"). Every occurrence
 * of the query, or of any of its words, is marked.
 */
export function highlightSegments(text: string, query: string): TextSegment[] {
  const { folded, starts, ends } = foldTextWithPositions(text);
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
