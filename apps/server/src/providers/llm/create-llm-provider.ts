import type { FastifyBaseLogger } from 'fastify';
import { createAiSdkProvider } from './ai-sdk-provider.js';
import type { LlmProvider, LlmProviderName, LlmSettings } from './llm-provider.js';

/**
 * The model a provider uses when LLM_MODEL is not set. `undefined` for `openai-compatible` (the
 * server decides which models exist, so the model is required) and for `local`, whose default
 * (`DEFAULT_LOCAL_MODEL`) lives with the local provider so that node-llama-cpp loads only when used.
 */
export function defaultModelFor(provider: LlmProviderName): string | undefined {
  switch (provider) {
    case 'openai':
      return 'gpt-4o-mini';
    case 'anthropic':
      return 'claude-haiku-4-5';
    case 'google':
      // Google's alias for its current Flash model: it follows releases instead of being retired.
      return 'gemini-flash-latest';
    case 'openai-compatible':
    case 'local':
      return undefined;
  }
}

/** What `./local/local-provider.js` must export. */
interface LocalProviderModule {
  createLocalProvider(settings: LlmSettings, log: FastifyBaseLogger): LlmProvider;
  DEFAULT_LOCAL_MODEL: string;
}

/** LlmSettings as configuration gives them: no model means the provider's default. */
export type LlmProviderSettings = Omit<LlmSettings, 'model'> & { model: string | undefined };

/**
 * The provider `settings.provider` names. A missing (or empty) `settings.model` means the provider's
 * default; for `openai-compatible` there is none, and every call then fails with 'unavailable'.
 * Nothing is contacted here; hosted providers report a missing key or an unreachable server on
 * their first call (and in `status()`), so the app boots regardless.
 */
export async function createLlmProvider(
  settings: LlmProviderSettings,
  log: FastifyBaseLogger,
): Promise<LlmProvider> {
  routeAiSdkWarnings(log);
  if (settings.provider === 'local') {
    // Loaded only when chosen: it pulls in node-llama-cpp and its native bindings.
    const local: LocalProviderModule = await import('./local/local-provider.js');
    return local.createLocalProvider(
      { ...settings, model: settings.model || local.DEFAULT_LOCAL_MODEL },
      log,
    );
  }
  return createAiSdkProvider({
    ...settings,
    model: settings.model || (defaultModelFor(settings.provider) ?? ''),
  });
}

/** The AI SDK prints call warnings (an unsupported setting, say) with console.warn; send them to our log. */
function routeAiSdkWarnings(log: FastifyBaseLogger): void {
  if (globalThis.AI_SDK_LOG_WARNINGS !== undefined) return;
  globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => {
    if (warnings.length > 0) log.warn({ provider, model, warnings }, 'LLM provider warnings');
  };
}
