import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listenLocally } from './test/fake-server-kit.js';

const COMMAND = fileURLToPath(new URL('./fetch-model.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TINY_MODEL = path.resolve(REPO_ROOT, '../shared/models/stories260K.gguf');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The command starts through tsx, which compiles what it imports as it loads: up to 16 s a run on
 * a loaded 2-core machine, near the integration project's 30 s.
 */
const COMMAND_TIMEOUT_MS = 90_000;

/** Runs `npm run model:fetch`'s entry point (through tsx) with `env`; stdout is a pipe, not a terminal. */
function fetchModel(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=summa-source', COMMAND], {
      env: { ...process.env, LLM_PROVIDER: 'local', LLM_MODEL: '', LLM_MODELS_DIR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!existsSync(TINY_MODEL))('npm run model:fetch', { timeout: COMMAND_TIMEOUT_MS }, () => {
  let dir: string;
  let server: Server;
  let baseUrl: string;
  let model: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'summa-fetch-model-'));
    model = await readFile(TINY_MODEL);
    // The tiny model at /models/stories260K.gguf, in 64 KiB pieces; 404 otherwise.
    server = createServer((req, res) => {
      if (req.url !== '/models/stories260K.gguf') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': model.length });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      for (let offset = 0; offset < model.length; offset += 65_536) {
        res.write(model.subarray(offset, offset + 65_536));
      }
      res.end();
    });
    baseUrl = await listenLocally(server);
  });
  afterAll(async () => {
    await closeServer(server);
    await rm(dir, { recursive: true, force: true });
  });

  it('downloads into DATA_DIR/models with a line every 10%, then finds it there', async () => {
    const dataDir = path.join(dir, 'data');
    const env = { LLM_MODEL: `${baseUrl}/models/stories260K.gguf`, DATA_DIR: dataDir };
    const run = await fetchModel(env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`into ${path.join(dataDir, 'models')}`);
    expect(run.stdout).toMatch(/^ {2}100% of 1 MB$/m);
    expect(await readdir(path.join(dataDir, 'models'))).toEqual(['stories260K.gguf']);
    expect(await readFile(path.join(dataDir, 'models', 'stories260K.gguf'))).toEqual(model);
    expect(run.stdout).toContain('The summary model is ready at');

    const again = await fetchModel(env);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toMatch(/% of/);
    expect(again.stdout).toContain('The summary model is ready at');
  });

  it('exits non-zero saying why and what to do: a failed download, a missing file, a file that is no model', async () => {
    const modelsDir = path.join(dir, 'elsewhere');
    const notFound = await fetchModel({
      LLM_MODEL: `${baseUrl}/models/absent.gguf`,
      LLM_MODELS_DIR: modelsDir,
    });
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toMatch(/^Could not fetch the summary model .*absent\.gguf: .*404/m);
    expect(notFound.stderr).toMatch(/^What to do: check internet access/m);

    const missing = await fetchModel({
      LLM_MODEL: path.join(dir, 'nowhere.gguf'),
      LLM_MODELS_DIR: modelsDir,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`no GGUF file at ${path.join(dir, 'nowhere.gguf')}`);
    expect(missing.stderr).toMatch(/^What to do: LLM_MODEL names a file that does not exist/m);

    const text = path.join(dir, 'notes.gguf');
    await writeFile(text, 'not a model');
    const wrong = await fetchModel({ LLM_MODEL: text, LLM_MODELS_DIR: modelsDir });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`${text} is not a GGUF model file.`);
  });

  it('has nothing to fetch for a hosted provider', async () => {
    const run = await fetchModel({ LLM_PROVIDER: 'openai', LLM_MODEL: 'gpt-4o-mini' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('LLM_PROVIDER is openai');
  });
});
