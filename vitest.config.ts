import { defineConfig } from 'vitest/config';

// Run the shared package from its TypeScript source, on the client and the server side alike.
const resolve = { conditions: ['summa-source'] };
const ssr = { resolve: { conditions: ['summa-source'], externalConditions: ['summa-source'] } };

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
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        resolve,
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.unit.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
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
        },
      },
    ],
  },
});
