// `npm run model:fetch`: fetches the local summary model ahead of time (for images and offline
// servers), into the folder the server reads it from. Honours LLM_PROVIDER, LLM_MODEL,
// LLM_MODELS_DIR and DATA_DIR as the server does; exits non-zero, saying why, when it cannot.
import { open } from 'node:fs/promises';
import { EnvError, loadConfig } from './config/env.js';
import { describeError } from './providers/llm/local/errors.js';
import { DEFAULT_LOCAL_MODEL } from './providers/llm/local/local-provider.js';
import {
  everyTenth,
  fetchModelFile,
  isDiskError,
  megabytes,
  MissingModelFileError,
} from './providers/llm/local/model-file.js';
import { SETUP_ADVICE } from './providers/llm/local/model-runtime.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`${line}\n`);

/** Whether `file` starts as a GGUF model does: a damaged or wrong download fails here, not in the server. */
async function isGguf(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.toString('latin1') === 'GGUF';
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      complain(error.message);
      return 1;
    }
    throw error;
  }
  const { provider, modelsDir } = config.llm;
  if (provider !== 'local') {
    say(`LLM_PROVIDER is ${provider}: its model runs at the provider, there is nothing to fetch.`);
    return 0;
  }
  const model = config.llm.model ?? DEFAULT_LOCAL_MODEL;
  const bar = process.stdout.isTTY;
  say(`Fetching the summary model ${model} into ${modelsDir}`);
  const lib = await import('node-llama-cpp');
  let file: string;
  try {
    file = await fetchModelFile(lib, model, {
      modelsDir,
      // node-llama-cpp's own progress bar at a terminal; a line every 10% in a log or a pipe.
      cli: bar,
      onProgress: bar
        ? undefined
        : everyTenth((percent, { totalBytes }) => say(`  ${percent}% of ${megabytes(totalBytes)} MB`)),
    });
  } catch (error) {
    const kind =
      error instanceof MissingModelFileError ? 'missing-file' : isDiskError(error) ? 'disk' : 'download';
    complain(`Could not fetch the summary model ${model}: ${describeError(error)}`);
    complain(`What to do: ${SETUP_ADVICE[kind]}`);
    return 1;
  }
  if (!(await isGguf(file))) {
    complain(`${file} is not a GGUF model file.`);
    complain(`What to do: ${SETUP_ADVICE.load}`);
    return 1;
  }
  say(`The summary model is ready at ${file}`);
  say('The server finds it there when started with the same LLM_MODEL and LLM_MODELS_DIR (or DATA_DIR).');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    complain(
      `model:fetch failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
