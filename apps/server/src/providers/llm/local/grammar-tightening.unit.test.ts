import { describe, expect, it } from 'vitest';
import { tightenJsonGrammar } from './grammar-tightening.js';

// What node-llama-cpp 3.22.1 writes for
// { a: string 1..40, b: string 1..1, c: string ..5, d: string, e: string 2.., y: integer }.
const GENERATED = String.raw`root ::= "{" whitespace-b-1-4-rule "\"a\"" ":" [ ]? string-1-40-rule comma-whitespace-b-1-4-rule "\"b\"" ":" [ ]? string-1-1-rule comma-whitespace-b-1-4-rule "\"c\"" ":" [ ]? string-0-5-rule comma-whitespace-b-1-4-rule "\"d\"" ":" [ ]? string-rule comma-whitespace-b-1-4-rule "\"e\"" ":" [ ]? string-2-rule comma-whitespace-b-1-4-rule "\"y\"" ":" [ ]? integer-number-rule whitespace-b-0-4-rule "}" "\n\n\n\n" [\n]*
string-char-rule ::= [^"\\\x7F\x00-\x1F] | "\\" ["\\/bfnrt] | "\\u" [0-9a-fA-F]{4}
string-1-40-rule ::= "\"" ( string-char-rule ){1,40} "\""
comma-whitespace-b-1-4-rule ::= "," ([\n] ("    " | "\t") | [ ]?)
string-1-1-rule ::= "\"" string-char-rule "\""
string-0-5-rule ::= "\"" ( string-char-rule ){0,5} "\""
string-rule ::= "\"" string-char-rule* "\""
string-2-rule ::= "\"" ( string-char-rule ){2,} "\""
integer-number-rule ::= "-"? ("0" | [1-9] [0-9]{0,15}) ([eE] [-+]? ("0" | [1-9] [0-9]{0,15}))?
whitespace-b-1-4-rule ::= [\n] ("    " | "\t") | [ ]?
whitespace-b-0-4-rule ::= [\n] | [ ]?`;

describe('tightenJsonGrammar', () => {
  const rules = new Map(
    tightenJsonGrammar(GENERATED)
      .split('\n')
      .map((line) => line.split(' ::= ') as [string, string]),
  );

  it('starts every non-empty string with a non-space character', () => {
    expect(rules.get('string-1-40-rule')).toBe(
      String.raw`"\"" summa-string-first-char-rule ( summa-string-bounded-char-rule ){0,39} "\""`,
    );
    expect(rules.get('string-1-1-rule')).toBe(String.raw`"\"" summa-string-first-char-rule "\""`);
    expect(rules.get('string-2-rule')).toBe(
      String.raw`"\"" summa-string-first-char-rule ( summa-string-bounded-char-rule ){1,} "\""`,
    );
    const firstChar = rules.get('summa-string-first-char-rule') ?? '';
    // Excludes the space and the control characters, no-break and other Unicode spaces, the BOM.
    expect(firstChar).toContain(String.raw`\x00-\x20`);
    expect(firstChar).toContain(String.raw`\u00A0`);
    expect(firstChar).toContain(String.raw`\u3000`);
    expect(firstChar).toContain(String.raw`\uFEFF`);
    expect(firstChar).not.toContain('bfnrt');
  });

  it('keeps bounded strings to BMP characters, so JavaScript counts what the grammar counted', () => {
    expect(rules.get('string-0-5-rule')).toBe(String.raw`"\"" ( summa-string-bounded-char-rule ){0,5} "\""`);
    expect(rules.get('summa-string-bounded-char-rule')).toContain(String.raw`\U00010000-\U0010FFFF`);
  });

  it('leaves free strings and everything else alone, and drops integer exponents', () => {
    const original = new Map(GENERATED.split('\n').map((line) => line.split(' ::= ') as [string, string]));
    for (const name of ['root', 'string-rule', 'string-char-rule', 'comma-whitespace-b-1-4-rule']) {
      expect(rules.get(name)).toBe(original.get(name));
    }
    expect(rules.get('integer-number-rule')).toBe('"-"? ("0" | [1-9] [0-9]{0,15})');
  });

  it('adds nothing to a grammar without bounded strings', () => {
    const grammar = 'root ::= "{" "}"\nboolean-rule ::= "true" | "false"';
    expect(tightenJsonGrammar(grammar)).toBe(grammar);
  });
});
