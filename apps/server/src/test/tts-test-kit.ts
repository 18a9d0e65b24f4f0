import { expect } from 'vitest';
import { TtsError, type TtsFailure } from '../providers/tts/tts-provider.js';

/** The failure `promise` ends with, checking that it ends with a TtsError. */
export async function ttsFailureOf(promise: Promise<unknown>): Promise<TtsFailure> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TtsError);
  return (error as TtsError).failure;
}
