import { describe, expect, it } from 'vitest';
import { SectionStream } from './section-stream.js';

type Emitted = Array<[string, unknown]>;

/** Feeds `chunks` one by one; returns what was emitted after each. */
function feed(chunks: string[]): { emitted: Emitted; after: Emitted[] } {
  const emitted: Emitted = [];
  const stream = new SectionStream((key, value) => emitted.push([key, value]));
  const after = chunks.map((chunk) => {
    stream.push(chunk);
    return [...emitted];
  });
  expect(stream.received).toBe(chunks.join(''));
  return { emitted, after };
}

/** Every way of cutting `text` in two, and in single characters (UTF-16 units, surrogates split). */
function splits(text: string): string[][] {
  const cuts = Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);
  return [...cuts, text.split('')];
}

// Strings full of what the scanner must not take for structure: quotes, backslashes, braces,
// brackets, commas and colons, escaped in every way JSON allows.
const TRICKY = {
  oneLiner: 'He said "stop, {now}": [1, 2]',
  path: 'C:\\books\\',
  closing: 'ends with a backslash \\',
  unicode: 'caf\u00e9 \u{1F4DA} "\u0022" \\u0022 \t\n\r\b\f\u2028',
  empty: '',
};

const NESTED = {
  keyIdeas: [
    { title: 'One', explanation: 'A [bracket] and a }brace{.' },
    { title: 'Two', explanation: 'Nested below.' },
  ],
  sevenDayPlan: [{ focus: 'Day 1', tasks: ['a', 'b, c'] }],
  matrix: [[1, [2, [3, []]]], [], [[{}]]],
  objects: { inner: { deeper: ['x', { y: [null, true, false, -1.5e3] }] } },
  last: 'after the nesting',
};

describe('SectionStream', () => {
  it('hands over each top-level property once its value is complete, not before', () => {
    const { after } = feed([
      '{"oneLiner": "Small ste',
      'ps add up",',
      ' "keyIdeas": [{"title": "A", "explanation": "B"},',
      ' {"title": "C", "explanation": "D"}',
      '], "closing": "The end."',
      '}',
    ]);
    expect(after.map((emitted) => emitted.map(([key]) => key))).toEqual([
      [],
      ['oneLiner'],
      ['oneLiner'],
      ['oneLiner'],
      ['oneLiner', 'keyIdeas'],
      ['oneLiner', 'keyIdeas', 'closing'],
    ]);
    expect(after.at(-1)).toEqual([
      ['oneLiner', 'Small steps add up'],
      [
        'keyIdeas',
        [
          { title: 'A', explanation: 'B' },
          { title: 'C', explanation: 'D' },
        ],
      ],
      ['closing', 'The end.'],
    ]);
  });

  it.each([
    ['escapes and structure inside strings', TRICKY],
    ['nested arrays and objects', NESTED],
  ])('gives the same sections whatever the chunks, with %s', (_name, value) => {
    const expected = Object.entries(value);
    for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
      for (const chunks of splits(text)) {
        expect(feed(chunks).emitted).toEqual(expected);
      }
    }
  });

  it('keeps track of an escape split from the character it escapes', () => {
    // The chunk ends on the backslash: the quote that follows stays inside the string.
    const { after } = feed(['{"a": "x\\', '"", "b": "\\\\', '", "c": 1}']);
    expect(after).toEqual([
      [],
      [['a', 'x"']],
      [
        ['a', 'x"'],
        ['b', '\\'],
        ['c', 1],
      ],
    ]);
  });

  it('waits for the closing bracket of a nested array, however deep', () => {
    const { after } = feed(['{"plan": [[1, [2', ']], [3]', '], "next": true}']);
    expect(after).toEqual([
      [],
      [],
      [
        ['plan', [[1, [2]], [3]]],
        ['next', true],
      ],
    ]);
  });

  it('skips a member that is not JSON and goes on with the next', () => {
    const { emitted } = feed(['{"a": nope, "b": [1,', ' 2], "c": "ok"}']);
    expect(emitted).toEqual([
      ['b', [1, 2]],
      ['c', 'ok'],
    ]);
  });

  it('emits nothing for an empty object or an unfinished answer', () => {
    expect(feed(['{', ' }']).emitted).toEqual([]);
    expect(feed(['{"a": "never closed, ', '"b": 2']).emitted).toEqual([]);
    expect(feed(['{"a": 1, "b": [1, 2']).emitted).toEqual([['a', 1]]);
  });
});
