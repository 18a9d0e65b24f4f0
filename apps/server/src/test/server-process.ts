import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface RunningServer {
  url: string;
  pid: number;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  output(): string;
}

/** Starts the real entry point (main.ts through tsx) as a child process, and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=summa-source', MAIN], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Summa is ready on port (\d+)/.exec(output);
      if (ready) resolve(Number(ready[1]));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${output}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    exited,
    kill: (signal) => child.kill(signal),
    output: () => output,
  };
}
