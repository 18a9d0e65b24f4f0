import { access } from 'node:fs/promises';
import path from 'node:path';
import type { NodeLlamaCppModule } from './model-runtime.js';
import type { DownloadProgress } from './local-status.js';

/** Whether LLM_MODEL names something to download (an `hf:` URI or a URL) rather than a file. */
export function isModelUri(model: string): boolean {
  return /^(hf:|huggingface:|hf\.co\/|huggingface\.co\/|https?:\/\/)/i.test(model);
}

/** A file named by LLM_MODEL that is not there: the set-up is wrong, no download can help. */
export class MissingModelFileError extends Error {
  constructor(readonly file: string) {
    super(`no GGUF file at ${file}`);
    this.name = 'MissingModelFileError';
  }
}

export interface FetchModelOptions {
  /** Where downloads go and where a bare file name is looked for. */
  modelsDir: string;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: DownloadProgress) => void) | undefined;
  /** node-llama-cpp's own progress bar on the terminal (the model:fetch command). */
  cli?: boolean | undefined;
}

/**
 * The model's file: a path as given (or inside `modelsDir`), or an `hf:`/URL model found in
 * `modelsDir`, downloaded there first when missing. Used by the server and by `model:fetch`.
 */
export async function fetchModelFile(
  lib: NodeLlamaCppModule,
  model: string,
  options: FetchModelOptions,
): Promise<string> {
  if (!isModelUri(model)) {
    const direct = path.resolve(model);
    if (await exists(direct)) return direct;
    const inModelsDir = path.resolve(options.modelsDir, model);
    if (await exists(inModelsDir)) return inModelsDir;
    throw new MissingModelFileError(direct);
  }
  return lib.resolveModelFile(model, {
    directory: options.modelsDir,
    cli: options.cli ?? false,
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: ({ totalSize, downloadedSize }) => {
      if (totalSize <= 0) return; // A failed request reports 0 of 0.
      options.onProgress?.({ downloadedBytes: downloadedSize, totalBytes: totalSize });
    },
  });
}

/** Calls `log` at 0%, 10%, … 100% of a download (each tenth once). */
export function everyTenth(log: (percent: number, progress: DownloadProgress) => void) {
  let loggedTenth = -1;
  return (progress: DownloadProgress) => {
    const tenth = Math.floor(Math.min(1, progress.downloadedBytes / progress.totalBytes) * 10);
    if (tenth <= loggedTenth) return;
    loggedTenth = tenth;
    log(tenth * 10, progress);
  };
}

/** Megabytes, as people read file sizes (1 MB = 10^6 bytes, as Hugging Face shows them). */
export function megabytes(bytes: number): number {
  return Math.round(bytes / 1e6);
}

/** Error codes of a folder that cannot take a file. */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS']);

/** Whether `error` (or what caused it) is the disk refusing the file. */
export function isDiskError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && DISK_CODES.has(code)) return true;
    current = cause;
  }
  return /\bENOSPC\b|no space left/i.test(error instanceof Error ? error.message : String(error));
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
