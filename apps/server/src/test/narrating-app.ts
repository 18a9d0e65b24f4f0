import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseKind } from '../db/database.js';
import { useAppWithFakeModels, type AppWithFakeModels } from './app-with-fake-models.js';
import type { TestAppOptions } from './test-app.js';

/** Narration parts of a sentence or two: the sample summaries narrate in about six. */
export const SHORT_NARRATION_PARTS = { maxChars: 120, firstPartMaxChars: 80 };

/**
 * For a describe block about narrations: `useAppWithFakeModels` with its fake speech server, storing
 * files in a scratch folder of its own (removed after the block), in SHORT_NARRATION_PARTS.
 * `options` adds to that (a clock, say), read when the app starts.
 */
export function useNarratingApp(
  kind: DatabaseKind,
  options: () => TestAppOptions = () => ({}),
): { context: AppWithFakeModels; storageDir: () => string } {
  let storageDir: string | undefined;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'summa-narration-'));
  });
  afterAll(async () => {
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });
  const scratch = () => {
    if (!storageDir) throw new Error('useNarratingApp: the scratch folder is made before the block runs');
    return storageDir;
  };
  const context = useAppWithFakeModels(
    kind,
    () => {
      const own = options();
      return { narration: SHORT_NARRATION_PARTS, ...own, env: { STORAGE_DIR: scratch(), ...own.env } };
    },
    { voice: true },
  );
  return { context, storageDir: scratch };
}
