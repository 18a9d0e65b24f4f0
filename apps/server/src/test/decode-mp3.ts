import { MPEGDecoder } from 'mpg123-decoder';
import { inspectMp3 } from '../providers/tts/mp3.js';

export interface DecodedMp3 {
  durationMs: number;
  sampleRate: number;
  /** Root mean square of the samples (0: silence; speech from eSpeak is around 0.05 to 0.2). */
  rms: number;
}

/**
 * Decodes an MP3 file with mpg123 (WebAssembly) for tests that check stored audio is speech of a
 * plausible length. The bytes are first checked with `inspectMp3`: mpg123 loops on garbage.
 */
export async function decodeMp3(bytes: Uint8Array): Promise<DecodedMp3> {
  inspectMp3(bytes);
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate } = decoder.decode(bytes);
    const samples = channelData[0] ?? new Float32Array();
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    return {
      durationMs: Math.round((samplesDecoded / sampleRate) * 1000),
      sampleRate,
      rms: samples.length > 0 ? Math.sqrt(sum / samples.length) : 0,
    };
  } finally {
    decoder.free();
  }
}
