// One naming scheme for tests: `<name>.unit.test.*` (no I/O), `<name>.int.test.*` (a real
// database or server) and `<name>.e2e.test.*` (a browser against the built app). A file named
// any other way would match no Vitest project and silently never run.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'data', 'coverage', '.artifacts']);

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name) ? [path.relative(ROOT, full)] : [];
  });
}

describe('test file names', () => {
  it('all say what kind of test they are', () => {
    const files = ['apps', 'packages', 'e2e', 'bench', 'tools'].flatMap((top) =>
      testFiles(path.join(ROOT, top)),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((file) => !/\.(unit|int|e2e)\.test\.[cm]?[jt]sx?$/.test(file))).toEqual([]);
  });
});
