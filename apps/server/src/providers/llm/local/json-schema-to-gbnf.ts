import type { GbnfJsonSchema } from 'node-llama-cpp';

// JSON Schema (as zod 4's z.toJSONSchema emits it) to node-llama-cpp's GbnfJsonSchema, from which
// node-llama-cpp writes the GBNF grammar that constrains the local model's decoding.

/** Keywords that only annotate a schema; the grammar ignores them (descriptions are kept). */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  'id',
  '$comment',
  'title',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
/** What zod 4 emits for `.int()`: the safe-integer range, which the grammar keeps to by length. */
const SAFE_INTEGER_BOUNDS = { minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
const BASIC_TYPES = ['string', 'number', 'integer', 'boolean', 'null'] as const;
const FORMATS = ['date-time', 'time', 'date'] as const;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(at: string, problem: string): never {
  throw new Error(`toGrammarSchema: ${problem} at ${at}`);
}

/**
 * Maps a JSON Schema, as zod 4's `z.toJSONSchema` writes it, to the subset node-llama-cpp turns
 * into a grammar (`GbnfJsonSchema`), keeping property order. Handled: `type` (object, array,
 * string, number, integer, boolean, null), `properties`, `required`, `additionalProperties`,
 * `items`, `prefixItems`, `minItems`, `maxItems`, `minLength`, `maxLength`, `format` (date,
 * time, date-time), `enum`, `const`, `anyOf`/`oneOf` (nullable), `$defs`/`$ref`, annotations.
 *
 * The grammar writes every property, required or not, which is still valid. Anything it cannot
 * enforce (`pattern`, numeric bounds other than zod's safe-integer range, `allOf`, `not`, an
 * unconstrained `{}`...) throws, naming the keyword and where it is.
 */
export function toGrammarSchema(jsonSchema: Record<string, unknown>): GbnfJsonSchema {
  const rawDefs = jsonSchema.$defs;
  if (rawDefs !== undefined && !isObject(rawDefs)) fail('#/$defs', '$defs is not an object');
  const defNames = new Set(Object.keys(rawDefs ?? {}));
  const root = convertNode(omit(jsonSchema, ['$defs']), '#', defNames);
  if (rawDefs && defNames.size > 0) {
    if (!('type' in root && (root.type === 'object' || root.type === 'array')) && !('oneOf' in root)) {
      fail('#', '$defs are only supported on an object, array or anyOf root');
    }
    const defs: JsonObject = {};
    for (const [name, def] of Object.entries(rawDefs))
      defs[name] = convertNode(def, `#/$defs/${name}`, defNames);
    root.$defs = defs;
  }
  return root as unknown as GbnfJsonSchema;
}

function omit(node: JsonObject, keys: string[]): JsonObject {
  return Object.fromEntries(Object.entries(node).filter(([key]) => !keys.includes(key)));
}

function convertNode(node: unknown, at: string, defNames: ReadonlySet<string>): JsonObject {
  if (!isObject(node)) fail(at, node === true || node === false ? 'a boolean schema' : 'a non-object schema');
  const out: JsonObject = {};
  if (typeof node.description === 'string') out.description = node.description;
  const check = (allowed: string[]) => {
    for (const key of Object.keys(node)) {
      if (!allowed.includes(key) && key !== 'description' && !ANNOTATIONS.has(key)) {
        fail(at, `unsupported keyword "${key}"`);
      }
    }
  };

  if ('$ref' in node) {
    check(['$ref']);
    const ref = node.$ref;
    const name =
      typeof ref === 'string' && ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : undefined;
    if (name === undefined || !defNames.has(name)) fail(at, `unsupported $ref ${JSON.stringify(ref)}`);
    return { ...out, $ref: ref };
  }
  if ('const' in node) {
    check(['const', 'type']);
    return { ...out, const: primitive(node.const, `${at}/const`) };
  }
  if ('enum' in node) {
    check(['enum', 'type']);
    if (!Array.isArray(node.enum) || node.enum.length === 0) fail(at, 'enum is not a non-empty array');
    return { ...out, enum: node.enum.map((value, i) => primitive(value, `${at}/enum/${i}`)) };
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (keyword in node) {
      check([keyword]);
      const options = node[keyword];
      if (!Array.isArray(options) || options.length === 0) fail(at, `${keyword} is not a non-empty array`);
      return {
        ...out,
        oneOf: options.map((option, i) => convertNode(option, `${at}/${keyword}/${i}`, defNames)),
      };
    }
  }

  const type = node.type;
  if (Array.isArray(type)) {
    check(['type']);
    if (!type.every((t) => (BASIC_TYPES as readonly unknown[]).includes(t))) {
      fail(at, `unsupported type list ${JSON.stringify(type)}`);
    }
    return { ...out, type };
  }
  switch (type) {
    case 'string': {
      check(['type', 'minLength', 'maxLength', 'format', ...('format' in node ? ['pattern'] : [])]);
      if ('format' in node) {
        // The format's own grammar gives the shape; the pattern zod adds to it (z.iso.date()) goes.
        const format = node.format;
        if (!(FORMATS as readonly unknown[]).includes(format))
          fail(at, `unsupported format ${JSON.stringify(format)}`);
        if ('minLength' in node || 'maxLength' in node) fail(at, 'a format together with a length');
        return { ...out, type, format };
      }
      return {
        ...out,
        type,
        ...count(node, 'minLength', at),
        ...count(node, 'maxLength', at),
      };
    }
    case 'number':
    case 'integer': {
      check(['type', 'minimum', 'maximum']);
      for (const bound of ['minimum', 'maximum'] as const) {
        if (bound in node && !(type === 'integer' && node[bound] === SAFE_INTEGER_BOUNDS[bound])) {
          fail(at, `unsupported keyword "${bound}" (the grammar cannot bound numbers)`);
        }
      }
      return { ...out, type };
    }
    case 'boolean':
    case 'null':
      check(['type']);
      return { ...out, type };
    case 'object': {
      check([
        'type',
        'properties',
        'required',
        'additionalProperties',
        'propertyNames',
        'minProperties',
        'maxProperties',
      ]);
      const properties: JsonObject = {};
      if ('properties' in node) {
        if (!isObject(node.properties)) fail(at, 'properties is not an object');
        for (const [key, value] of Object.entries(node.properties)) {
          properties[key] = convertNode(value, `${at}/properties/${key}`, defNames);
        }
      }
      if ('required' in node && !Array.isArray(node.required)) fail(at, 'required is not an array');
      if ('propertyNames' in node) {
        const names = node.propertyNames;
        if (!isObject(names) || Object.keys(names).some((key) => key !== 'type') || names.type !== 'string') {
          fail(at, 'unsupported keyword "propertyNames"');
        }
      }
      const additional = node.additionalProperties;
      const result: JsonObject = { ...out, type, properties };
      if (additional === true) result.additionalProperties = true;
      else if (isObject(additional)) {
        result.additionalProperties = convertNode(additional, `${at}/additionalProperties`, defNames);
      } else if (additional !== undefined && additional !== false) {
        fail(at, 'additionalProperties is not a boolean or a schema');
      }
      return { ...result, ...count(node, 'minProperties', at), ...count(node, 'maxProperties', at) };
    }
    case 'array': {
      check(['type', 'items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems']);
      if (node.uniqueItems === true) fail(at, 'unsupported keyword "uniqueItems"');
      const result: JsonObject = {
        ...out,
        type,
        ...count(node, 'minItems', at),
        ...count(node, 'maxItems', at),
      };
      let prefixLength: number | undefined;
      if ('prefixItems' in node) {
        if (!Array.isArray(node.prefixItems)) fail(at, 'prefixItems is not an array');
        prefixLength = node.prefixItems.length;
        result.prefixItems = node.prefixItems.map((item, i) =>
          convertNode(item, `${at}/prefixItems/${i}`, defNames),
        );
      }
      if (node.items === false) {
        // No items after the prefix (zod's tuples): cap the length there.
        const cap = prefixLength ?? 0;
        if (typeof result.maxItems !== 'number' || result.maxItems > cap) result.maxItems = cap;
      } else if (node.items !== undefined) {
        result.items = convertNode(node.items, `${at}/items`, defNames);
      } else {
        fail(at, 'an array without "items" (any JSON value)');
      }
      return result;
    }
    default:
      check(['type']);
      fail(
        at,
        type === undefined
          ? 'a schema without a type (any value)'
          : `unsupported type ${JSON.stringify(type)}`,
      );
  }
}

function primitive(value: unknown, at: string): string | number | boolean | null {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
    return value as string | number | boolean | null;
  }
  return fail(at, 'a non-primitive constant');
}

function count(node: JsonObject, key: string, at: string): JsonObject {
  if (!(key in node)) return {};
  const value = node[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    fail(at, `${key} is not a non-negative integer`);
  return { [key]: value };
}
