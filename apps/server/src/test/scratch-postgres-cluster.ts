import { execFile, spawnSync } from 'node:child_process';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A throw-away PostgreSQL cluster of the test's own, on a free port in a temp dir, for fault
 * tests that stop, start or freeze the server. The machine's cluster (5432) is never touched.
 */
export interface ScratchPostgresCluster {
  readonly port: number;
  /** The superuser's connection string to the `postgres` database. */
  readonly url: string;
  start(): Promise<void>;
  /** A fast shutdown (sessions are ended, as by an administrator). */
  stop(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: the server accepts TCP but never answers. */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  /** Thaws and stops if needed, then deletes the data directory. */
  remove(): Promise<void>;
}

async function postgresBinDir(): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = (await readdir(root).catch(() => [] as string[]))
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  const newest = versions[0];
  if (newest === undefined) throw new Error(`no PostgreSQL under ${root}`);
  return path.join(root, newest, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user. */
async function asClusterOwner(dir: string): Promise<(file: string, args: string[]) => Promise<void>> {
  if (process.getuid?.() !== 0) {
    return async (file, args) => {
      await run(file, args);
    };
  }
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  return async (file, args) => {
    await run('runuser', ['-u', 'postgres', '--', file, ...args]);
  };
}

/** Direct children of a process, read from /proc (Linux). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the parenthesised command name: state, ppid, ...
    const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(afterName[1]) === pid) children.push(Number(entry));
  }
  return children;
}

export async function startScratchPostgresCluster(): Promise<ScratchPostgresCluster> {
  const bin = await postgresBinDir();
  const dir = await mkdtemp(path.join(tmpdir(), 'summa-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asOwner = await asClusterOwner(dir);
  let running = false;
  let frozen: number[] = [];

  const postmasterPid = async () =>
    Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const signal = (pids: number[], name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // The process ended meanwhile.
      }
    }
  };

  // A test run that ends without remove() (a failed hook, an interrupt) still leaves no server behind.
  const stopOnExit = () => {
    signal(frozen, 'SIGCONT');
    const command = [path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop'];
    if (process.getuid?.() === 0) spawnSync('runuser', ['-u', 'postgres', '--', ...command]);
    else spawnSync(command[0] ?? 'pg_ctl', command.slice(1));
    spawnSync('rm', ['-rf', dir]);
  };

  const cluster: ScratchPostgresCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
      await asOwner(path.join(bin, 'pg_ctl'), [
        '-D',
        dataDir,
        '-o',
        options,
        '-l',
        path.join(dir, 'log'),
        '-w',
        'start',
      ]);
      running = true;
    },
    async stop() {
      await cluster.thaw();
      await asOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async freeze() {
      const postmaster = await postmasterPid();
      frozen = [postmaster, ...(await childrenOf(postmaster))];
      // The postmaster first, so it cannot fork a backend that escapes the freeze.
      signal(frozen, 'SIGSTOP');
    },
    async thaw() {
      signal(frozen, 'SIGCONT');
      frozen = [];
    },
    async remove() {
      process.removeListener('exit', stopOnExit);
      try {
        if (running) await cluster.stop();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };

  process.once('exit', stopOnExit);
  try {
    await asOwner(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await cluster.start();
  } catch (error) {
    await cluster.remove();
    throw error;
  }
  return cluster;
}

/**
 * Closes what was built on the cluster (in reverse order), then removes it. A close stuck on the
 * server gets 10 s, after which the cluster is stopped anyway, which ends the stuck close too.
 */
export async function closeThenRemove(
  cluster: ScratchPostgresCluster | undefined,
  closers: readonly (() => Promise<void>)[],
): Promise<void> {
  await cluster?.thaw();
  const closing = (async () => {
    for (const close of [...closers].reverse()) await close();
  })();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([closing, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
  } finally {
    clearTimeout(timer);
    await cluster?.remove();
  }
  await closing;
}
