/**
 * Generators for the HTTP fuzz suite: hostile strings and JSON values, request bodies and query
 * strings derived from the zod contracts (valid-ish shapes with mutated fields), raw garbage
 * bodies, content types and headers. Bodies are built as JSON text, so that duplicate keys,
 * `__proto__` keys, lone surrogates and deep nesting reach the server exactly as generated.
 */
import fc from 'fast-check';
import { z } from 'zod';

/** Payloads an attacker tries first: injection, markup, traversal, odd numbers and odd text. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '"; select pg_sleep(5); --',
  "1' UNION SELECT null, version() --",
  "x'::uuid",
  '$1',
  '\\',
  '%',
  '_%_',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  'mind\u0000set',
  '\uD800',
  'a\uDFFFb',
  'x\uDBFF',
  '😀🔥👩‍👩‍👧‍👦',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום עולם',
  '\uFEFFbom',
  'zero\u200Bwidth',
  '\r\n\t',
  'NaN',
  '-1',
  '-0',
  '1e309',
  '-Infinity',
  '0x1F',
  '9007199254740993',
  '',
  '   ',
  'null',
  '__proto__',
  'constructor',
  'İstanbul ß Ω',
  'Ａｂｃ ｆｕｌｌｗｉｄｔｈ',
  // Impersonation (issue 21): text that renders as another's, or as nothing at all.
  '\u202Enimda\u200B',
  'Ad\u200Bmin',
  '\u0410dmin',
  'ＡＤＭＩＮ',
  '\u0391\u039C\u0399\u039D',
  '\u200B\u200B\u200B',
  '\u3164\u3164\u3164',
  '\u2800\u2800\u2800',
  '\u115F\u1160\uFFA0',
  'a\u2066b\u2069c',
  'Ana\uFE0F\u{E0100}',
] as const;

/**
 * Characters that hide, reorder or impersonate: bidi controls, zero-width and other invisible
 * characters, blank-looking fillers, Cyrillic and Greek look-alikes of Latin letters, full-width forms.
 */
const DISGUISING_CHARACTERS = [
  '\u202A',
  '\u202B',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\u00AD',
  '\u034F',
  '\u180E',
  '\uFE0F',
  '\u{E0100}',
  '\u{E0041}',
  '\u3164',
  '\u115F',
  '\u1160',
  '\uFFA0',
  '\u2800',
  '\u1680',
  '\u3000',
  '\u0430',
  '\u0410',
  '\u0435',
  '\u043E',
  '\u0440',
  '\u0441',
  '\u0456',
  '\u03BF',
  '\u0391',
  '\u0399',
  '\u039D',
  '\uFF21',
  '\uFF44',
  '\uFF4D',
] as const;

/** One UTF-16 unit or character chosen to break things: NUL, controls, lone surrogates, bidi, look-alikes, emoji. */
const hostileUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
  { weight: 2, arbitrary: fc.constantFrom(...DISGUISING_CHARACTERS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\u202E',
      '\u200F',
      '\uFFFF',
      '\uFFFE',
      '😀',
      '"',
      "'",
      '<',
      '>',
      '%',
      '&',
      '=',
    ),
  },
);

const hugeString = fc.oneof(
  fc.constantFrom(201, 301, 1_001, 4_097, 20_000).map((length) => 'a'.repeat(length)),
  fc.tuple(hostileUnit, fc.integer({ min: 100, max: 3_000 })).map(([unit, count]) => unit.repeat(count)),
);

/** Ordinary text around a NUL or a lone surrogate, which PostgreSQL text cannot hold. */
const embeddedUnencodable = fc
  .tuple(
    fc.string({ maxLength: 10 }),
    fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00'),
    fc.string({ maxLength: 10 }),
  )
  .map((parts) => parts.join(''));

/** Ordinary text with disguising characters among its letters, as an impersonator writes it. */
const disguised = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 10 }),
    fc.array(fc.constantFrom(...DISGUISING_CHARACTERS), { minLength: 1, maxLength: 3 }),
    fc.string({ maxLength: 10 }),
  )
  .map(([before, characters, after]) => `${before}${characters.join('')}${after}`);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: embeddedUnencodable },
  { weight: 2, arbitrary: disguised },
  { weight: 4, arbitrary: fc.string({ unit: hostileUnit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const json = (value: unknown): string => JSON.stringify(value);

/** Nested arrays or objects `depth` levels deep, as JSON text (no recursion at build time). */
const deepNesting = fc
  .tuple(fc.integer({ min: 20, max: 5_000 }), fc.boolean())
  .map(([depth, objects]) =>
    objects ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth),
  );

/** A JSON value of the wrong type or out of range, as JSON text. */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map(json) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(null, true, false, 0, -1, -0, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 63))
      .map(json),
  },
  { weight: 1, arbitrary: fc.constantFrom('1e99999', '-1e99999', '123456789012345678901234567890') },
  { weight: 1, arbitrary: fc.double().map(json) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(json) },
  { weight: 1, arbitrary: deepNesting },
);

/** Object keys that poison prototypes or confuse parsers. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', '$where', 'a.b'),
  fc.string({ unit: hostileUnit, maxLength: 12 }),
);

export type Entries = ReadonlyArray<readonly [key: string, jsonText: string]>;

/** An object's JSON text from its entries, keeping duplicate and `__proto__` keys. */
export function objectText(entries: Entries): string {
  return `{${entries.map(([key, value]) => `${json(key)}:${value}`).join(',')}}`;
}

interface JsonSchemaNode {
  type?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  $ref?: string;
  $defs?: Record<string, JsonSchemaNode>;
}

/** The request shape a contract accepts (zod's own JSON Schema of the input side). */
function fieldsOf(schema: z.ZodType): { properties: Record<string, JsonSchemaNode>; required: Set<string> } {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
  const resolved = root.$ref ? root.$defs?.[root.$ref.replace('#/$defs/', '')] : root;
  if (!resolved?.properties) throw new Error('fuzz: the contract is not an object schema');
  return { properties: resolved.properties, required: new Set(resolved.required) };
}

/** Plain addresses get past the contract to the database; RFC oddities test the contract itself. */
export const email: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.stringMatching(/^[a-z0-9][a-z0-9.+_-]{0,15}$/),
        fc.constantFrom('example.com', 'exemplo.com.br'),
      )
      .map(([local, domain]) => `${local}@${domain}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
);

/** A plausible value for one field: what a well-behaved client would send. */
function validValue(name: string, node: JsonSchemaNode): fc.Arbitrary<unknown> {
  if (node.enum) return fc.constantFrom(...node.enum);
  if (node.type === 'integer' || node.type === 'number') {
    const min = node.minimum ?? -1_000;
    const max = Math.min(node.maximum ?? 1_000, min + 1_000);
    return node.type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  }
  if (node.type === 'boolean') return fc.boolean();
  if (/email/i.test(name)) return email;
  if (node.pattern)
    return fc
      .stringMatching(new RegExp(node.pattern))
      .filter((text) => text.length <= (node.maxLength ?? 200));
  const minLength = node.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(node.maxLength ?? 60, 60));
  const fits = (text: string) => text.trim().length >= minLength && text.length <= (node.maxLength ?? 200);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    // Hostile text the contract lets through: it reaches the services and the database.
    { weight: 3, arbitrary: hostileString.filter(fits) },
    // The limits themselves: the longest accepted value and one past it.
    ...(node.maxLength === undefined
      ? []
      : [
          {
            weight: 1,
            arbitrary: fc.constantFrom('x'.repeat(node.maxLength), 'x'.repeat(node.maxLength + 1)),
          },
        ]),
  );
}

function mutatedValue(node: JsonSchemaNode): fc.Arbitrary<string> {
  const outOfRange =
    node.type === 'integer' || node.type === 'number'
      ? [(node.minimum ?? 0) - 1, (node.maximum ?? 0) + 1, 0.5, -1].map(json)
      : [];
  return outOfRange.length > 0 ? fc.oneof(hostileJson, fc.constantFrom(...outOfRange)) : hostileJson;
}

/**
 * Bodies shaped like `schema` with some fields mutated (wrong type, hostile text, out of range),
 * dropped or duplicated, extra hostile keys, and now and then a top-level value of the wrong kind.
 * `overrides` give a field the values worth sending (real tokens, the reader's own password...).
 */
export function contractBody(
  schema: z.ZodType,
  overrides: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<string> {
  const { properties, required } = fieldsOf(schema);
  const names = Object.keys(properties);
  const field = (name: string, node: JsonSchemaNode) =>
    fc.oneof(
      {
        weight: 7,
        arbitrary: (overrides[name] ?? validValue(name, node)).map((value): Entries => [[name, json(value)]]),
      },
      { weight: 2, arbitrary: mutatedValue(node).map((value): Entries => [[name, value]]) },
      { weight: required.has(name) ? 1 : 3, arbitrary: fc.constant<Entries>([]) },
    );
  const shaped = fc
    .tuple(
      fc.tuple(...names.map((name) => field(name, properties[name] ?? {}))),
      fc.array(fc.tuple(fc.oneof(hostileKey, fc.constantFrom(...names)), hostileJson), { maxLength: 3 }),
    )
    .map(([fields, extras]) => objectText([...fields.flat(), ...extras]));
  // Every field valid in shape (hostile text included), so that requests reach the services.
  const wellFormed = fc
    .tuple(
      ...names.map((name) => {
        const value = (overrides[name] ?? validValue(name, properties[name] ?? {})).map((inner): Entries => [
          [name, json(inner)],
        ]);
        return required.has(name) ? value : fc.oneof(value, fc.constant<Entries>([]));
      }),
    )
    .map((fields) => objectText(fields.flat()));
  return fc.oneof(
    { weight: 5, arbitrary: wellFormed },
    { weight: 12, arbitrary: shaped },
    { weight: 1, arbitrary: hostileJson },
    { weight: 1, arbitrary: shaped.map((body) => `[${body}]`) },
  );
}

/** Percent-encodes text; a lone surrogate becomes its (invalid) three UTF-8 bytes, as a raw client could send. */
export function encodeComponent(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}

const rawQueryGarbage = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4',
  '%00',
  '%ED%A0%80',
  '&&',
  '=',
  '==x',
  'a[]=1',
  'a[b][c]=1',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  '+',
  '%2B%20',
);

/**
 * Query strings over `schema`'s parameters: valid values, hostile ones, repeated keys, unknown
 * keys and malformed percent-encoding. Answers the text after `?` (may be empty).
 */
export function contractQuery(
  schema: z.ZodType,
  overrides: Record<string, fc.Arbitrary<string>> = {},
): fc.Arbitrary<string> {
  const { properties } = fieldsOf(schema);
  const names = Object.keys(properties);
  const value = (name: string) =>
    fc.oneof(
      { weight: 5, arbitrary: overrides[name] ?? validValue(name, properties[name] ?? {}).map(String) },
      { weight: 3, arbitrary: hostileString },
    );
  const pair = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...names)
        .chain((name) => value(name).map((text) => `${name}=${encodeComponent(text)}`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileKey, hostileString)
        .map(([key, text]) => `${encodeComponent(key)}=${encodeComponent(text)}`),
    },
    { weight: 1, arbitrary: rawQueryGarbage },
  );
  return fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.join('&'));
}
