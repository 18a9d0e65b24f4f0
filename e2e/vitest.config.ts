import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The specs that take longest (over a minute and a half each: a hundred page loads, keyboard
 * journeys in three languages at two widths), by the file name they end with, longest first.
 */
const LONGEST: readonly string[] = ['/routes.e2e.test.ts', '/account.e2e.test.ts'];

/**
 * Starts the longest specs first, then Vitest's own order (larger files first, on a clone with no
 * timings of earlier runs, as CI is): started last, one of them would run on alone at the end
 * while the other worker idles.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONGEST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: { conditions: ['summa-source'] },
  ssr: { resolve: { conditions: ['summa-source'], externalConditions: ['summa-source'] } },
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // A journey of several pages with axe at each took 35-55 s in CI on two busy cores.
    testTimeout: 90_000,
    // A hook may start a server of its own, which may take up to 90 s on a busy machine.
    hookTimeout: 120_000,
    // What a page shows after a request (the header's XP, a toast) may take seconds on a loaded
    // 2-core machine running two Chromiums and the servers: Vitest's default of 1 s failed there.
    expect: { poll: { timeout: 10_000 } },
    // One Chromium at a time per file keeps a 2-core machine responsive.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
  },
});
