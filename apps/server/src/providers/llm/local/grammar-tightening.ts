// Grammar tightening: what node-llama-cpp's JSON-schema grammar lets through but our zod schemas refuse.

/**
 * The first character of a string that must not be empty: anything JSON allows raw except
 * whitespace (what `String.prototype.trim` removes) and characters outside the BMP, or an
 * escaped quote, backslash or slash. Escapes like `\n` or `\u0020` could be whitespace and are
 * left out here.
 */
const FIRST_CHAR_RULE =
  '[^"\\\\\\x7F\\x00-\\x20\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\U00010000-\\U0010FFFF] | "\\\\" ["\\\\/]';
/**
 * Any later character of a length-bounded string. Characters outside the BMP are left out: the
 * grammar counts them as one character, but JavaScript (and so zod's `.max()`) as two.
 */
const BOUNDED_CHAR_RULE =
  '[^"\\\\\\x7F\\x00-\\x1F\\U00010000-\\U0010FFFF] | "\\\\" ["\\\\/bfnrt] | "\\\\u" [0-9a-fA-F]{4}';
const FIRST_CHAR_RULE_NAME = 'summa-string-first-char-rule';
const BOUNDED_CHAR_RULE_NAME = 'summa-string-bounded-char-rule';

/**
 * Rewrites a GBNF grammar that node-llama-cpp 3.x generated from a JSON schema so that:
 * - a string with `minLength >= 1` starts with a non-whitespace character, so it is not empty
 *   after trimming (our zod strings are `.trim().min(1)`), and holds only BMP characters, so its
 *   JavaScript length is the length the grammar counted;
 * - an integer has no exponent (`1e-5` is a JSON number, but not an integer).
 * It relies on node-llama-cpp's rule names (`string-<min>-<max>-rule`, `integer-number-rule`);
 * rules it does not recognise are left as they are.
 */
export function tightenJsonGrammar(gbnf: string): string {
  const lines = gbnf.split('\n').map((line) => {
    const match = /^([\w-]+) ::= /.exec(line);
    if (!match) return line;
    const name = match[1];
    if (name === 'integer-number-rule') return `${name} ::= "-"? ("0" | [1-9] [0-9]{0,15})`;
    const lengths = /^string-(\d+)(?:-(\d+))?-rule$/.exec(name ?? '');
    if (!lengths) return line;
    const min = Number(lengths[1]);
    const max = lengths[2] === undefined ? undefined : Number(lengths[2]);
    if (max === 0) return line;
    if (min === 0) return `${name} ::= "\\"" ( ${BOUNDED_CHAR_RULE_NAME} ){0,${max ?? ''}} "\\""`;
    const rest =
      max === undefined
        ? ` ( ${BOUNDED_CHAR_RULE_NAME} ){${min - 1},}`
        : max === 1
          ? ''
          : ` ( ${BOUNDED_CHAR_RULE_NAME} ){${min - 1},${max - 1}}`;
    return `${name} ::= "\\"" ${FIRST_CHAR_RULE_NAME}${rest} "\\""`;
  });
  if (lines.some((line) => line.includes(BOUNDED_CHAR_RULE_NAME))) {
    lines.push(
      `${FIRST_CHAR_RULE_NAME} ::= ${FIRST_CHAR_RULE}`,
      `${BOUNDED_CHAR_RULE_NAME} ::= ${BOUNDED_CHAR_RULE}`,
    );
  }
  return lines.join('\n');
}
