import type { GbnfJsonSchema, Llama, LlamaGrammar } from 'node-llama-cpp';
import { LlmError } from '../llm-provider.js';
import { describeError } from './errors.js';
import { tightenJsonGrammar } from './grammar-tightening.js';
import { toGrammarSchema } from './json-schema-to-gbnf.js';

/**
 * How many compiled grammars (one per distinct JSON schema) to keep. The server asks for three
 * schemas (identify, fiction, non-fiction): this is a memo of compiled work, not a read cache.
 */
const GRAMMAR_MEMO_SIZE = 16;

export interface GrammarMemo {
  /** A grammar per distinct schema, compiled once; a schema we cannot map fails every time. */
  grammarFor(llama: Llama, jsonSchema: Record<string, unknown>): Promise<LlamaGrammar>;
  clear(): void;
}

export function createGrammarMemo(): GrammarMemo {
  const grammars = new Map<string, Promise<LlamaGrammar>>();
  return {
    grammarFor(llama, jsonSchema) {
      const key = JSON.stringify(jsonSchema);
      let grammar = grammars.get(key);
      if (!grammar) {
        grammar = compileGrammar(llama, jsonSchema);
        grammar.catch(() => {
          grammars.delete(key);
        });
        if (grammars.size >= GRAMMAR_MEMO_SIZE) {
          const oldest = grammars.keys().next();
          if (!oldest.done) grammars.delete(oldest.value);
        }
        grammars.set(key, grammar);
      }
      return grammar;
    },
    clear() {
      grammars.clear();
    },
  };
}

/** node-llama-cpp's grammar for the schema, tightened (grammar-tightening.ts). */
async function compileGrammar(llama: Llama, jsonSchema: Record<string, unknown>): Promise<LlamaGrammar> {
  try {
    const base = await llama.createGrammarForJsonSchema<GbnfJsonSchema>(toGrammarSchema(jsonSchema));
    return await llama.createGrammar({
      grammar: tightenJsonGrammar(base.grammar),
      rootRuleName: base.rootRuleName,
      stopGenerationTriggers: base.stopGenerationTriggers,
      trimWhitespaceSuffix: base.trimWhitespaceSuffix,
    });
  } catch (error) {
    throw new LlmError(
      'unavailable',
      `The local model cannot be constrained to this JSON schema: ${describeError(error)}`,
      { cause: error },
    );
  }
}
