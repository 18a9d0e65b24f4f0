import { describe, expect, it } from 'vitest';
import { silentMp3 } from '../../test/fake-tts-server.js';
import { encodeMp3, inspectMp3, MP3_BITRATE_KBPS } from './mp3.js';
import { TtsError } from './tts-provider.js';

describe('MP3 encoding and checking', () => {
  it('encodes mono PCM to CBR MP3 whose frames hold the same duration', async () => {
    const sampleRate = 22_050;
    const pcm = Float32Array.from({ length: sampleRate * 3 }, (_, i) => 0.3 * Math.sin(i / 8));
    const mp3 = await encodeMp3(pcm, sampleRate);
    const info = inspectMp3(mp3);
    expect(info.sampleRate).toBe(sampleRate);
    // LAME pads the start and end by under two frames (1,152 samples each at this rate: 52 ms).
    expect(Math.abs(info.durationMs - 3_000)).toBeLessThan(120);
    // Constant bitrate: bytes follow the duration.
    expect(Math.abs(mp3.length - (MP3_BITRATE_KBPS * 1000 * 3) / 8)).toBeLessThan(1_000);
  });

  it('reuses its encoder: a second file does not carry the first one', async () => {
    const short = await encodeMp3(new Float32Array(22_050), 22_050);
    const again = await encodeMp3(new Float32Array(22_050), 22_050);
    expect(again.length).toBe(short.length);
  });

  it('rejects what is not MP3 and accepts a trailing ID3v1 tag', () => {
    expect(() => inspectMp3(Buffer.from('not audio at all'))).toThrow(TtsError);
    const tagged = Buffer.concat([silentMp3(1), Buffer.from('TAG'), Buffer.alloc(125)]);
    expect(inspectMp3(tagged).frames).toBeGreaterThan(30);
  });
});
