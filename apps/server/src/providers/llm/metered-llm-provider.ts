import type { Metrics } from '../../observability/metrics.js';
import { LlmError, type LlmProvider, type LlmRequest } from './llm-provider.js';

/** `provider` with each call's outcome, time and tokens recorded in `metrics`. */
export function meteredLlmProvider(provider: LlmProvider, metrics: Metrics): LlmProvider {
  async function* streamJson(request: LlmRequest): AsyncGenerator<string, void, undefined> {
    const started = performance.now();
    const usage: Parameters<NonNullable<LlmRequest['onUsage']>>[0] = {};
    let outcome: 'ok' | 'failed' | 'aborted' = 'aborted';
    try {
      yield* provider.streamJson({
        ...request,
        onUsage: (reported) => {
          Object.assign(usage, reported);
          request.onUsage?.(reported);
        },
      });
      outcome = 'ok';
    } catch (error) {
      outcome = error instanceof LlmError && error.failure === 'aborted' ? 'aborted' : 'failed';
      throw error;
    } finally {
      // A consumer that stops reading early (return()) lands here as 'aborted' too.
      metrics.modelCall(provider.name, outcome, (performance.now() - started) / 1000, usage);
    }
  }
  // The rest is the provider's own: the wrapper only adds the accounting of calls.
  return Object.assign(Object.create(provider) as LlmProvider, { streamJson });
}
