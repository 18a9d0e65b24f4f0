/**
 * Scripted answers for the fake model server that follow the book in the prompt, for
 * integration tests, e2e runs and benchmarks (importable by relative path: node built-ins only).
 * A title containing `xyzzy` is a book the model does not know; `novel-` one it identifies as
 * fiction; `fail-` makes the model answer 500; `slow-` streams slowly (cancel tests). A
 * translation request gets the summary it carries back with every text marked with the target
 * language, and the sample one-liner's phrase really translated.
 */
import type { FakeLlmBehaviour, FakeLlmRequest, FakeLlmResponder } from './fake-llm-server.js';

const repeat = <T>(count: number, make: (n: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i + 1));

/** The sections of a non-fiction summary in the order they are written and streamed (spelled out, not read from the schema). */
export const NON_FICTION_SECTION_ORDER = [
  'oneLiner',
  'keyIdeas',
  'actions',
  'routine',
  'sevenDayPlan',
  'metrics',
  'pitfalls',
  'closing',
];

/** A schema-valid non-fiction summary whose texts name `label`, so tests can tell books apart. */
export function sampleNonFiction(label: string) {
  return {
    oneLiner: `${label}: small steady changes add up to large results.`,
    keyIdeas: repeat(5, (n) => ({
      title: `Idea ${n} of ${label}`,
      explanation: `Explanation ${n} of ${label}.`,
    })),
    actions: repeat(5, (n) => `Action ${n}: try one small change today.`),
    routine: repeat(3, (n) => `Routine step ${n}.`),
    sevenDayPlan: repeat(7, (n) => ({ focus: `Day ${n} focus`, tasks: [`Task for day ${n}`] })),
    metrics: repeat(3, (n) => `Metric ${n}.`),
    pitfalls: repeat(3, (n) => `Pitfall ${n}.`),
    closing: `${label} closes here.`,
  };
}

export function sampleFiction(label: string) {
  return {
    oneLiner: `${label}: a story about a long journey.`,
    synopsis: `The synopsis of ${label}.`,
    themes: repeat(3, (n) => `Theme ${n}.`),
    characters: repeat(2, (n) => ({ name: `Character ${n}`, description: `Who character ${n} is.` })),
    writingStyle: 'Plain and vivid.',
    recommendedFor: 'Readers who like journeys.',
    closing: `${label} closes here.`,
  };
}

const schemaText = (request: FakeLlmRequest) => JSON.stringify(request.body.response_format ?? {});

/** The book title the prompt names: the first line of a summarize prompt, or the quoted identify title. */
function titleIn(request: FakeLlmRequest): string {
  const quoted = /"([^"]+)"/.exec(request.user);
  if (quoted?.[1] && schemaText(request).includes('"known"')) return quoted[1];
  const firstLine = request.user.split('\n')[0] ?? '';
  return firstLine.slice(firstLine.indexOf(':') + 1).trim();
}

/** The sample one-liner's phrase in each language, so a translated page reads in its language. */
const SAMPLE_PHRASE: Record<string, string> = {
  en: 'small steady changes add up to large results.',
  pt: 'pequenas mudanças constantes somam grandes resultados.',
  es: 'pequeños cambios constantes suman grandes resultados.',
};

/** The target language of a translation prompt (its instruction names it), if this is one. */
function translationTarget(request: FakeLlmRequest): string | undefined {
  if (!request.user.includes('"oneLiner"')) return undefined;
  const instruction = request.user.slice(0, request.user.indexOf('{'));
  if (instruction.includes('English')) return 'en';
  if (instruction.includes('português')) return 'pt';
  if (instruction.includes('español')) return 'es';
  return undefined;
}

/** The summary a translation prompt carries, with each text "translated" into `language`. */
export function fakeTranslation(request: FakeLlmRequest, language: string): object {
  const summary: unknown = JSON.parse(
    request.user.slice(request.user.indexOf('{'), request.user.lastIndexOf('}') + 1),
  );
  const translate = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const phrase = Object.values(SAMPLE_PHRASE).find((known) => value.includes(known));
      return `[${language}] ${phrase ? value.replace(phrase, SAMPLE_PHRASE[language] ?? phrase) : value}`;
    }
    if (Array.isArray(value)) return value.map(translate);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, translate(item)]));
    }
    return value;
  };
  return translate(summary) as object;
}

export interface BookResponderOptions {
  /** Characters per streamed delta (default 64). */
  chunkSize?: number;
  /** Milliseconds between deltas (default 0); `slow-` books use at least 150. */
  delayMs?: number;
}

export function bookResponder(options: BookResponderOptions = {}): FakeLlmResponder {
  return (request): FakeLlmBehaviour => {
    const title = titleIn(request);
    const lower = title.toLowerCase();
    if (lower.includes('fail-')) return { kind: 'status', status: 500 };
    if (schemaText(request).includes('"known"')) {
      return {
        kind: 'json',
        body: {
          known: !lower.includes('xyzzy'),
          kind: lower.includes('novel-') ? 'fiction' : 'nonfiction',
          originalTitle: title,
          author: 'Someone',
          year: null,
        },
      };
    }
    const fiction = schemaText(request).includes('"synopsis"');
    const slow = lower.includes('slow-');
    const target = translationTarget(request);
    return {
      kind: 'json',
      body: target
        ? fakeTranslation(request, target)
        : fiction
          ? sampleFiction(title)
          : sampleNonFiction(title),
      chunkSize: slow ? 8 : (options.chunkSize ?? 64),
      delayMs: slow ? Math.max(150, options.delayMs ?? 0) : (options.delayMs ?? 0),
    };
  };
}
