import { defineConfig } from 'vitest/config';

// Run the shared package from its TypeScript source, on the client and the server side alike.
const resolve = { conditions: ['summa-source'] };
const ssr = { resolve: { conditions: ['summa-source'], externalConditions: ['summa-source'] } };

/** The web tests' jsdom set-up. */
const webTests = {
  root: './apps/web',
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
};

/** The web tests that read server-sent events through the page's stream reader. */
const WEB_STREAM_TESTS = [
  'src/lib/api-client.unit.test.ts',
  'src/features/home/home-generation.unit.test.tsx',
  'src/features/summary/audio/audio-player.unit.test.tsx',
  'src/features/summary/translate-menu.unit.test.tsx',
];

export default defineConfig({
  test: {
    // Two files at a time in every project, on a 2-core machine: Vitest's own default is one
    // fewer than the cores, which ran the unit and web files one at a time. One limit for all
    // projects also lets them share one group, so that no core idles at a project's tail.
    maxWorkers: 2,
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.unit.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'tools/**/*.unit.test.js',
          ],
          environment: 'node',
          // One module graph per worker, as the integration files (below): import 14.7 s -> 6.3 s.
          isolate: false,
        },
      },
      // The web tests run each file in a VM context of a shared worker (vmThreads), which spares
      // every file a fresh process and its imports (80 s of the web tests took 40 s this way). The
      // files that read a server-sent event stream stay in processes of their own ('web-streams'):
      // in a VM context the stream Node's fetch answers with and the page's TextDecoderStream
      // come from two different realms, which Node's streams refuse to pipe together.
      {
        extends: './apps/web/vite.config.ts',
        resolve,
        test: {
          ...webTests,
          name: 'web',
          include: ['src/**/*.unit.test.{ts,tsx}'],
          exclude: WEB_STREAM_TESTS,
          pool: 'vmThreads',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        resolve,
        test: { ...webTests, name: 'web-streams', include: WEB_STREAM_TESTS },
      },
      {
        resolve,
        ssr,
        // The global setup runs in Vitest's own environment, which takes neither of the above.
        environments: { __vitest__: ssr },
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          environment: 'node',
          // One migrated database of each kind per run, which test databases are copied from.
          globalSetup: ['./apps/server/src/test/database-templates.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files of a worker share one module graph: each file importing the whole server
          // afresh took a third of the project's time (the whole run 9 min 57 s -> 7 min 8 s). No
          // file mocks a module; the stubs and fake clocks a file sets are undone after its tests.
          isolate: false,
        },
      },
    ],
  },
});
