import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultModelFor } from '../providers/llm/create-llm-provider.js';
import { LLM_PROVIDERS } from '../providers/llm/llm-provider.js';
import { defaultTtsModelFor, defaultTtsVoiceFor } from '../providers/tts/http-tts-provider.js';
import { TTS_PROVIDERS } from '../providers/tts/tts-provider.js';
import { envSchema, loadConfig } from './env.js';

/**
 * The README's configuration table is what operators read: it must name every variable the
 * schema accepts (and no other) with the default the schema applies.
 */
const README = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

interface Row {
  variable: string;
  default: string;
  description: string;
}

/** The rows of the first table under "## Configuration". */
function configurationTable(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Configuration\n'));
  if (!section) throw new Error('README has no "## Configuration" section');
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  const cells = (line: string) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
  const [header, separator, ...body] = lines;
  expect(cells(header ?? '')).toEqual(['variable', 'default', 'what it does']);
  expect(cells(separator ?? '').every((cell) => /^-+$/.test(cell))).toBe(true);
  return body.map((line) => {
    const [variable = '', value = '', description = ''] = cells(line);
    return { variable: variable.replace(/^`|`$/g, ''), default: value, description };
  });
}

/**
 * Defaults the schema leaves unset because they are worked out elsewhere; the README describes
 * them in words. Each is checked below where it is worked out.
 */
const DERIVED_DEFAULTS: Record<string, string> = {
  WEB_DIST_DIR: '`apps/web/dist`',
  JWT_SECRET: 'generated',
  LLM_MODEL: 'per provider',
  LLM_MODELS_DIR: '`$DATA_DIR/models`',
  STORAGE_DIR: '`$DATA_DIR/storage`',
  TTS_MODEL: 'per provider',
  TTS_VOICE_PT: 'per provider',
  TTS_VOICE_EN: 'per provider',
  TTS_VOICE_ES: 'per provider',
};

/** How the README writes a schema default: `unset`, or the value in backticks. */
function documented(value: unknown): string {
  if (value === undefined || value === '') return 'unset';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return `\`${String(value)}\``;
  }
  throw new Error(`no README spelling for the default ${JSON.stringify(value)}`);
}

describe('the README configuration table', () => {
  const rows = configurationTable(README);
  const byVariable = new Map(rows.map((row) => [row.variable, row]));
  const variables = Object.keys(envSchema.shape);
  const defaults: Record<string, unknown> = envSchema.parse({});

  it('lists each variable of the env schema once, and no other', () => {
    expect(rows.map((row) => row.variable).sort()).toEqual([...variables].sort());
    expect(byVariable.size).toBe(rows.length);
  });

  it.each(variables)("gives %s the schema's default", (variable) => {
    const row = byVariable.get(variable);
    expect(row, `README row for ${variable}`).toBeDefined();
    const derived = DERIVED_DEFAULTS[variable];
    if (derived !== undefined) {
      expect(defaults[variable]).toBeUndefined();
      expect(row?.default).toBe(derived);
    } else {
      expect(row?.default).toBe(documented(defaults[variable]));
    }
  });

  it('names every accepted value of the variables that take a fixed set', () => {
    const schema = z.toJSONSchema(envSchema, { io: 'input', unrepresentable: 'any' });
    const properties = (schema.properties ?? {}) as Record<string, { enum?: unknown[] }>;
    const enums = Object.entries(properties).filter(([, property]) => Array.isArray(property.enum));
    expect(enums.length).toBeGreaterThan(0);
    for (const [variable, property] of enums) {
      const row = byVariable.get(variable);
      const text = `${row?.default ?? ''} ${row?.description ?? ''}`;
      for (const value of property.enum ?? []) {
        expect(text, `${variable} documents ${String(value)}`).toContain(`\`${String(value)}\``);
      }
    }
  });

  it('matches the defaults worked out outside the schema', () => {
    const config = loadConfig({ DATA_DIR: '/srv/summa' });
    expect(config.llm.modelsDir).toBe(path.resolve('/srv/summa', 'models'));
    expect(config.storage).toEqual({ driver: 'local', dir: path.resolve('/srv/summa', 'storage') });
    expect(config.jwtSecret).toBeUndefined();
    expect(config.llm.model).toBeUndefined();
    // main.ts hands in apps/web/dist (relative to apps/server/dist/main.js) as the default.
    const main = readFileSync(new URL('../main.ts', import.meta.url), 'utf8');
    expect(main).toContain("new URL('../../web/dist', import.meta.url)");
  });

  it.each(LLM_PROVIDERS.filter((provider) => defaultModelFor(provider) !== undefined))(
    "names the %s provider's default model",
    (provider) => {
      expect(byVariable.get('LLM_MODEL')?.description).toContain(
        `${provider} \`${defaultModelFor(provider) ?? ''}\``,
      );
    },
  );

  const HOSTED_TTS = TTS_PROVIDERS.filter((provider) => provider !== 'local');

  it.each(HOSTED_TTS)("names the %s speech provider's default model and voices", (provider) => {
    expect(byVariable.get('TTS_MODEL')?.description).toContain(
      `${provider} \`${defaultTtsModelFor(provider)}\``,
    );
    for (const language of ['pt', 'en', 'es'] as const) {
      const row = byVariable.get(`TTS_VOICE_${language.toUpperCase()}`);
      expect(row?.description).toContain(`\`${defaultTtsVoiceFor(provider, language)}\``);
    }
  });
});
