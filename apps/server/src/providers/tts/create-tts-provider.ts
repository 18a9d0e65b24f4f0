import { createHttpTtsProvider } from './http-tts-provider.js';
import type { TtsProvider, TtsSettings } from './tts-provider.js';

/**
 * The provider `settings.provider` names. Nothing is contacted here: the local engine starts its
 * worker on the first call, and hosted providers report a missing key or an unreachable server on
 * their first call, so the app boots regardless.
 */
export async function createTtsProvider(settings: TtsSettings): Promise<TtsProvider> {
  if (settings.provider === 'local') {
    // Loaded only when chosen, like the local LLM.
    const { createEspeakProvider } = await import('./local/espeak-provider.js');
    return createEspeakProvider({ timeoutMs: settings.timeoutMs });
  }
  return createHttpTtsProvider(settings.provider, settings);
}
