import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.js';
import { SAFE_TEXT_CHECK, text } from './text.js';

/**
 * Values a contract passes through unread, each for a stated reason: a streamed section's value
 * (of a generation, and of a translation, which streams the same events) is checked by the
 * section's own schema when it arrives.
 */
const UNCHECKED_VALUES = new Set([
  'generationEventSchema|2.value',
  'translationEventSchema|2.value',
  // A data export's cells: written by the server from its own rows, read by people, never by the app.
  'accountExportSchema.tables{}[]{}',
]);

/** Paths of the strings under `schema` that do not carry the shared NUL / lone-surrogate check. */
function unsafeStrings(schema: z.core.$ZodType, path: string, seen = new Set<z.core.$ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const walk = (inner: z.core.$ZodType, where: string) => unsafeStrings(inner, where, seen);
  if (schema instanceof z.ZodStringFormat) return []; // e-mail, uuid: a fixed pattern admits neither
  if (schema instanceof z.ZodString) return schema.def.checks?.includes(SAFE_TEXT_CHECK) ? [] : [path];
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
      walk(value, `${path}.${key}`),
    );
  }
  if (schema instanceof z.ZodArray) return walk(schema.element, `${path}[]`);
  if (schema instanceof z.ZodRecord) {
    return [...walk(schema.keyType, `${path}{key}`), ...walk(schema.valueType, `${path}{}`)];
  }
  if (schema instanceof z.ZodUnion)
    return schema.options.flatMap((option, i) => walk(option, `${path}|${i}`));
  if (schema instanceof z.ZodPipe) return [...walk(schema.in, path), ...walk(schema.out, path)];
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault
  ) {
    return walk(schema.def.innerType, path);
  }
  // A streamed section's value: the page checks the whole stored summary (built on text()) after it.
  if (schema instanceof z.ZodUnknown && UNCHECKED_VALUES.has(path)) return [];
  const leaves = [z.ZodEnum, z.ZodLiteral, z.ZodNumber, z.ZodBoolean, z.ZodNull, z.ZodTransform];
  if (leaves.some((leaf) => schema instanceof leaf)) return [];
  throw new Error(`${path}: teach this test about ${schema._zod.def.type}`);
}

const exportedSchemas = Object.entries(shared).flatMap(([name, value]) =>
  value instanceof z.ZodType && !Object.is(value, SAFE_TEXT_CHECK) ? [[name, value] as const] : [],
);

describe('text()', () => {
  const schema = text();

  it('refuses NUL and unpaired surrogates anywhere in the string', () => {
    for (const value of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfff',
      'a\ud83d',
      '\ude00a',
      'ok\ud83d\ude00\ud83d',
    ]) {
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.code).toBe('custom');
    }
  });

  it('accepts every well-formed string without NUL, as typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        fc.pre(!value.includes('\u0000'));
        expect(schema.parse(value)).toBe(value);
      }),
    );
    expect(schema.parse("Man's Search — ação 😀 \t\n")).toBe("Man's Search — ação 😀 \t\n");
  });

  it('refuses any string holding an unpaired surrogate', () => {
    const lone = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');
    fc.assert(
      fc.property(fc.string(), lone, fc.string(), (before, surrogate, after) => {
        // A high surrogate just before a low one would pair up; keep them apart with a letter.
        expect(schema.safeParse(`${before}a${surrogate}a${after}`).success).toBe(false);
      }),
    );
  });
});

describe('every contract string', () => {
  it('finds the exported contract schemas', () => {
    const names = exportedSchemas.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'signupRequestSchema',
        'loginRequestSchema',
        'catalogSearchRequestSchema',
        'exploreQuerySchema',
        'historyQuerySchema',
        'feedbackRequestSchema',
        'summaryParamsSchema',
        'googleCallbackQuerySchema',
        'summarySchema',
      ]),
    );
  });

  it('refuses NUL and lone surrogates (built on text())', () => {
    const missing = exportedSchemas.flatMap(([name, schema]) => unsafeStrings(schema, name));
    expect(missing).toEqual([]);
  });

  it('is checked by a walker that notices a plain z.string()', () => {
    const schema = z.object({ a: text(), b: z.array(z.string().optional()), c: z.email() });
    expect(unsafeStrings(schema, 'schema')).toEqual(['schema.b[]']);
  });
});
