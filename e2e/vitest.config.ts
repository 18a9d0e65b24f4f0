import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['summa-source'] },
  ssr: { resolve: { conditions: ['summa-source'], externalConditions: ['summa-source'] } },
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One Chromium at a time per file keeps a 2-core machine responsive.
    maxWorkers: 2,
  },
});
