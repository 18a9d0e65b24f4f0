import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { EnvError, loadConfig } from './config/env.js';
import { openDatabase } from './db/database.js';
import { describeModelState } from './http/model-state-text.js';
import { prettyLogStream, resolveLogFormat } from './http/pretty-log.js';
import { runBeforeExit } from './observability/shutdown-hooks.js';
import { yieldCpu } from './worker-priority.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

function readConfig() {
  try {
    return loadConfig(process.env, { webDistDir: DEFAULT_WEB_DIST });
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const startedAt = performance.now();
  const read = readConfig();
  // The format as resolved: the app words a few start-up lines for a person when the log is readable.
  const config = { ...read, logFormat: resolveLogFormat(read.logFormat, process.stdout.isTTY) };
  // Before the model's threads start, so that they take it too (ADR 0038).
  if (config.role === 'worker') yieldCpu(config.workerNice);
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: config.databasePoolSize,
          timeouts: config.databaseTimeouts,
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const logStream = config.logFormat === 'pretty' ? prettyLogStream(process.stdout) : undefined;
  const app = await buildApp({ config, database, logStream });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      await runBeforeExit();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: signal-exit (loaded with node-llama-cpp) re-raises a signal that no other
  // listener handles any more, which killed the process in the middle of its shutdown.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    {
      database: database.kind,
      startupMs: Math.round(performance.now() - startedAt),
      open: config.publicUrl ?? `http://localhost:${port}`,
      databaseAt: config.databaseUrl
        ? `PostgreSQL at ${new URL(config.databaseUrl).host}`
        : `embedded under ${config.dataDir}`,
      model: describeModelState(app.modelStatus()),
    },
    `Summa is ready on port ${port}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Summa failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
