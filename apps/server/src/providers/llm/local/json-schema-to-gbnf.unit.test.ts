import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fictionSectionsSchema, nonFictionSectionsSchema } from '@summa/shared';
import { toGrammarSchema } from './json-schema-to-gbnf.js';

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema) as Record<string, unknown>;
const text = (minLength: number, maxLength: number) => ({ type: 'string', minLength, maxLength });

describe('toGrammarSchema', () => {
  it('maps the non-fiction sections, in order, with their counts and lengths', () => {
    const grammarSchema = toGrammarSchema(jsonSchemaOf(nonFictionSectionsSchema));
    expect(grammarSchema).toEqual({
      type: 'object',
      properties: {
        oneLiner: text(1, 400),
        keyIdeas: {
          type: 'array',
          minItems: 5,
          maxItems: 7,
          items: { type: 'object', properties: { title: text(1, 160), explanation: text(1, 1200) } },
        },
        actions: { type: 'array', minItems: 5, maxItems: 7, items: text(1, 400) },
        routine: { type: 'array', minItems: 3, maxItems: 7, items: text(1, 300) },
        sevenDayPlan: {
          type: 'array',
          minItems: 7,
          maxItems: 7,
          items: {
            type: 'object',
            properties: {
              focus: text(1, 200),
              tasks: { type: 'array', minItems: 1, maxItems: 5, items: text(1, 300) },
            },
          },
        },
        metrics: { type: 'array', minItems: 3, maxItems: 6, items: text(1, 300) },
        pitfalls: { type: 'array', minItems: 3, maxItems: 6, items: text(1, 400) },
        closing: text(1, 1000),
      },
    });
    // Property order is the order the model writes the sections in.
    expect(Object.keys((grammarSchema as { properties: object }).properties)).toEqual(
      Object.keys(nonFictionSectionsSchema.shape),
    );
  });

  it('maps the fiction sections', () => {
    const grammarSchema = toGrammarSchema(jsonSchemaOf(fictionSectionsSchema)) as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(grammarSchema.properties)).toEqual(Object.keys(fictionSectionsSchema.shape));
    expect(grammarSchema.properties.characters).toEqual({
      type: 'array',
      minItems: 2,
      maxItems: 8,
      items: { type: 'object', properties: { name: text(1, 120), description: text(1, 600) } },
    });
  });

  it('maps the identify schema: a boolean, an enum, a nullable integer', () => {
    const identify = z.object({
      known: z.boolean(),
      kind: z.enum(['nonfiction', 'fiction']),
      originalTitle: z.string().max(300),
      author: z.string().max(200),
      year: z.number().int().nullable(),
    });
    expect(toGrammarSchema(jsonSchemaOf(identify))).toEqual({
      type: 'object',
      properties: {
        known: { type: 'boolean' },
        kind: { enum: ['nonfiction', 'fiction'] },
        originalTitle: { type: 'string', maxLength: 300 },
        author: { type: 'string', maxLength: 200 },
        year: { oneOf: [{ type: 'integer' }, { type: 'null' }] },
      },
    });
  });

  it('maps literals, numbers, optional and defaulted fields, tuples, records, dates and descriptions', () => {
    const schema = z.object({
      kind: z.literal('fiction'),
      score: z.number(),
      note: z.string().optional().describe('anything else'),
      lang: z.string().default('en'),
      pair: z.tuple([z.string(), z.number()]),
      counts: z.record(z.string(), z.number()),
      day: z.iso.date(),
      nothing: z.null(),
    });
    expect(toGrammarSchema(jsonSchemaOf(schema))).toEqual({
      type: 'object',
      properties: {
        kind: { const: 'fiction' },
        score: { type: 'number' },
        // Not required, but always written: still valid.
        note: { type: 'string', description: 'anything else' },
        lang: { type: 'string' },
        pair: {
          type: 'array',
          minItems: 2,
          maxItems: 2,
          prefixItems: [{ type: 'string' }, { type: 'number' }],
        },
        counts: { type: 'object', properties: {}, additionalProperties: { type: 'number' } },
        day: { type: 'string', format: 'date' },
        nothing: { type: 'null' },
      },
    });
  });

  it('keeps $defs and $refs', () => {
    const person = z.object({ name: z.string() }).meta({ id: 'Person' });
    const schema = z.object({ author: person, translator: person.nullable() });
    expect(toGrammarSchema(z.toJSONSchema(schema, { reused: 'ref' }) as Record<string, unknown>)).toEqual({
      type: 'object',
      properties: {
        author: { $ref: '#/$defs/Person' },
        translator: { oneOf: [{ $ref: '#/$defs/Person' }, { type: 'null' }] },
      },
      $defs: {
        Person: { type: 'object', properties: { name: { $ref: '#/$defs/__schema0' } } },
        __schema0: { type: 'string' },
      },
    });
  });

  it.each([
    ['a pattern', z.object({ isbn: z.string().regex(/^\d{13}$/) }), /"pattern" at #\/properties\/isbn/],
    ['an e-mail format', z.object({ email: z.email() }), /format "email" at #\/properties\/email/],
    ['numeric bounds', z.object({ year: z.number().int().min(1000) }), /"minimum".* at #\/properties\/year/],
    ['a float bound', z.object({ rating: z.number().max(5) }), /"maximum"/],
    ['any value', z.object({ extra: z.unknown() }), /without a type .* at #\/properties\/extra/],
    ['an intersection', z.string().and(z.string().min(1)), /"allOf" at #$/],
  ])('throws a clear error on %s', (_name, schema, message) => {
    expect(() => toGrammarSchema(jsonSchemaOf(schema))).toThrow(message);
  });

  it('throws on hand-written schemas it cannot map', () => {
    expect(() => toGrammarSchema({ type: 'object', properties: { a: { $ref: '#/definitions/x' } } })).toThrow(
      /\$ref/,
    );
    expect(() => toGrammarSchema({ type: 'array', items: { type: 'string' }, uniqueItems: true })).toThrow(
      /uniqueItems/,
    );
    expect(() => toGrammarSchema({ type: 'array' })).toThrow(/without "items"/);
    expect(() => toGrammarSchema({ type: 'string', minLength: -1 })).toThrow(/minLength/);
    expect(() => toGrammarSchema({ type: 'string', format: 'email' })).toThrow(/format "email"/);
    expect(() => toGrammarSchema({ type: 'object', patternProperties: {} })).toThrow(/patternProperties/);
    expect(() => toGrammarSchema({ not: { type: 'string' } })).toThrow(/"not"/);
    expect(() => toGrammarSchema({ type: ['string', 'object'] })).toThrow(/type list/);
  });
});
