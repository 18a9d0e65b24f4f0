/**
 * Scripted answers for the fake model server that follow the book in the prompt, for
 * integration tests, e2e runs and benchmarks (importable by relative path: node built-ins only).
 * A title containing `xyzzy` is a book the model does not know; `novel-` one it identifies as
 * fiction; `fail-` makes the model answer 500; `slow-` streams slowly (cancel tests).
 */
import type { FakeLlmBehaviour, FakeLlmRequest, FakeLlmResponder } from './fake-llm-server.js';

const repeat = <T>(count: number, make: (n: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i + 1));

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
    return {
      kind: 'json',
      body: fiction ? sampleFiction(title) : sampleNonFiction(title),
      chunkSize: slow ? 8 : (options.chunkSize ?? 64),
      delayMs: slow ? Math.max(150, options.delayMs ?? 0) : (options.delayMs ?? 0),
    };
  };
}
