// The start-up build decision: skip a workspace whose inputs are unchanged, rebuild when a source
// changes, when dist is missing, or when a workspace it builds on changed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprint, inputsOf, needsBuild, recordFingerprint } from './build-if-changed.js';

const SHARED = { name: 'shared', dir: 'shared', inputs: ['shared/src'] };
const SERVER = {
  name: 'server',
  dir: 'server',
  inputs: ['server/src', 'server/tsconfig.json'],
  dependsOn: ['shared'],
};
const ALL = [SHARED, SERVER];

let root;
function write(rel, text) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}
function decide(ws) {
  return needsBuild(root, ws, fingerprint(root, inputsOf(ws, ALL)));
}
function build(ws) {
  mkdirSync(path.join(root, ws.dir, 'dist'), { recursive: true });
  recordFingerprint(root, ws, fingerprint(root, inputsOf(ws, ALL)));
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-if-changed-'));
  write('package-lock.json', '{}');
  write('shared/src/index.ts', 'export const a = 1;');
  write('server/src/main.ts', 'console.log(1);');
  write('server/tsconfig.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-if-changed', () => {
  it('builds when dist is missing', () => {
    expect(decide(SERVER)).toEqual({ build: true, reason: 'dist is missing' });
  });

  it('skips a workspace whose inputs are unchanged since its last build', () => {
    build(SERVER);
    expect(decide(SERVER)).toEqual({ build: false, reason: 'unchanged' });
  });

  it('rebuilds when a source, a config, the lock file or a dependency changes', () => {
    const edits = [
      ['server/src/main.ts', 'console.log(2);'],
      ['server/src/new-file.ts', ''],
      ['server/tsconfig.json', '{"x":1}'],
      ['package-lock.json', '{"v":2}'],
      ['shared/src/index.ts', 'export const a = 2;'],
    ];
    for (const [file, text] of edits) {
      build(SERVER);
      write(file, text);
      expect(decide(SERVER), file).toEqual({ build: true, reason: 'inputs changed' });
    }
  });

  it('ignores files under dist and node_modules', () => {
    build(SERVER);
    write('server/src/node_modules/x.js', '1');
    write('server/dist/main.js', 'changed output');
    expect(decide(SERVER).build).toBe(false);
  });

  it('builds when dist exists without a recorded fingerprint', () => {
    mkdirSync(path.join(root, 'server/dist'), { recursive: true });
    expect(decide(SERVER)).toEqual({ build: true, reason: 'no recorded fingerprint' });
  });
});
