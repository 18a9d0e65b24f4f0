import type { Language } from '@summa/shared';
import { inspectMp3 } from './mp3.js';
import {
  TtsError,
  type TtsProvider,
  type TtsRequest,
  type TtsResult,
  type TtsSettings,
} from './tts-provider.js';

type HostedName = Exclude<TtsSettings['provider'], 'local'>;

/** The APIs' own addresses; TTS_BASE_URL replaces them (a gateway, a proxy, a test's fake). */
const DEFAULT_BASE_URL: Record<HostedName, string | undefined> = {
  openai: 'https://api.openai.com/v1',
  elevenlabs: 'https://api.elevenlabs.io/v1',
  // A self-hosted server has no default address: TTS_BASE_URL is required.
  'openai-compatible': undefined,
};

const DEFAULT_MODEL: Record<HostedName, string> = {
  openai: 'gpt-4o-mini-tts',
  elevenlabs: 'eleven_multilingual_v2',
  // The alias Kokoro-FastAPI, openedai-speech and most Piper wrappers accept.
  'openai-compatible': 'tts-1',
};

/**
 * Voices per language when TTS_VOICE_* is unset. OpenAI's and ElevenLabs' voices speak every
 * language; Kokoro's voices are per language (its Brazilian, American and Spanish ones here).
 */
const DEFAULT_VOICES: Record<HostedName, Record<Language, string>> = {
  openai: { pt: 'coral', en: 'coral', es: 'coral' },
  // "Rachel", a premade voice every ElevenLabs account has.
  elevenlabs: { pt: '21m00Tcm4TlvDq8ikWAM', en: '21m00Tcm4TlvDq8ikWAM', es: '21m00Tcm4TlvDq8ikWAM' },
  'openai-compatible': { pt: 'pf_dora', en: 'af_heart', es: 'ef_dora' },
};

export function defaultTtsModelFor(provider: HostedName): string {
  return DEFAULT_MODEL[provider];
}

export function defaultTtsVoiceFor(provider: HostedName, language: Language): string {
  return DEFAULT_VOICES[provider][language];
}

interface Call {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function buildCall(
  provider: HostedName,
  base: string,
  settings: TtsSettings,
  voice: string,
  request: TtsRequest,
): Call {
  const model = settings.model || DEFAULT_MODEL[provider];
  if (provider === 'elevenlabs') {
    return {
      // 22,050 Hz at 32 kbps: speech quality, the smallest files the API offers on every plan.
      url: `${base}/text-to-speech/${encodeURIComponent(voice)}?output_format=mp3_22050_32`,
      headers: settings.apiKey ? { 'xi-api-key': settings.apiKey } : {},
      body: { text: request.text, model_id: model, language_code: request.language },
    };
  }
  return {
    url: `${base}/audio/speech`,
    headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
    body: { model, input: request.text, voice, response_format: 'mp3' },
  };
}

const isAborted = (signal: AbortSignal): boolean => signal.aborted;

function failureFor(status: number): TtsError {
  if (status === 401 || status === 403)
    return new TtsError('auth', `the speech API refused the key (${status})`);
  if (status === 429) return new TtsError('rate_limited', 'the speech API asks to slow down (429)');
  return new TtsError('unavailable', `the speech API answered ${status}`);
}

/**
 * OpenAI's speech API (`POST {base}/audio/speech`), any server that speaks it (Kokoro, Piper
 * wrappers), and ElevenLabs (`POST {base}/text-to-speech/{voice_id}`). Each call is bounded by
 * `settings.timeoutMs` for the whole answer, and the answer must be MP3 audio.
 */
export function createHttpTtsProvider(provider: HostedName, settings: TtsSettings): TtsProvider {
  const base = (settings.baseUrl ?? DEFAULT_BASE_URL[provider])?.replace(/\/+$/, '');
  let closed = false;

  async function synthesize(request: TtsRequest): Promise<TtsResult> {
    if (closed) throw new TtsError('unavailable', 'the speech provider is closed');
    if (!base) throw new TtsError('unavailable', `TTS_BASE_URL is required for ${provider}`);
    if (provider !== 'openai-compatible' && !settings.apiKey) {
      throw new TtsError('auth', `TTS_API_KEY is required for ${provider}`);
    }
    if (request.signal.aborted) throw new TtsError('aborted', 'synthesis aborted');
    const voice = settings.voices[request.language] || DEFAULT_VOICES[provider][request.language];
    const call = buildCall(provider, base, settings, voice, request);
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const signal = AbortSignal.any([request.signal, timeout]);
    let bytes: Buffer;
    try {
      const response = await fetch(call.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'audio/mpeg', ...call.headers },
        body: JSON.stringify(call.body),
        signal,
      });
      if (!response.ok) {
        // Drain the body so the connection can be reused; its text is not shown to anyone.
        await response.arrayBuffer().catch(() => undefined);
        throw failureFor(response.status);
      }
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof TtsError) throw error;
      // Checked again after the await: the caller may have aborted meanwhile.
      if (isAborted(request.signal)) throw new TtsError('aborted', 'synthesis aborted', { cause: error });
      if (timeout.aborted) {
        throw new TtsError('timeout', `no complete answer within ${settings.timeoutMs} ms`, { cause: error });
      }
      throw new TtsError('unavailable', `the speech API cannot be reached at ${base}`, { cause: error });
    }
    const { durationMs } = inspectMp3(bytes);
    return { mp3: bytes, durationMs, voice };
  }

  return {
    name: provider,
    synthesize,
    close: () => {
      closed = true;
      return Promise.resolve();
    },
  };
}
