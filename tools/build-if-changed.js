// `npm start` used to rebuild every workspace on every start (4–28 s). This script fingerprints each
// workspace's build inputs (sources, configs, the lock file and the workspaces it builds on) and runs a
// workspace's build only when its fingerprint differs from the one recorded in its dist, or dist is missing.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const FINGERPRINT_FILE = '.build-fingerprint';
const SKIP = new Set(['node_modules', 'dist', 'data', 'coverage', '.artifacts']);

/** Workspaces in build order; `inputs` are relative to the repository root. */
export const WORKSPACES = [
  {
    name: '@summa/shared',
    dir: 'packages/shared',
    inputs: [
      'packages/shared/src',
      'packages/shared/package.json',
      'packages/shared/tsconfig.build.json',
      'packages/shared/tsconfig.json',
    ],
  },
  {
    name: '@summa/server',
    dir: 'apps/server',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.build.json',
      'apps/server/tsconfig.json',
    ],
    dependsOn: ['@summa/shared'],
  },
  {
    name: '@summa/web',
    dir: 'apps/web',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/index.html',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      'apps/web/vite.config.ts',
      // The prerendered /demo's summary (ADR 0027).
      'apps/server/data/editorial',
      'apps/server/data/catalog.json',
    ],
    dependsOn: ['@summa/shared'],
  },
];

const COMMON_INPUTS = ['package-lock.json', 'tsconfig.base.json'];

function listFiles(root, rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIP.has(entry.name))
    .flatMap((entry) => listFiles(root, path.join(rel, entry.name)));
}

/** A hash of the paths and contents of every input file (sorted, so order on disk does not matter). */
export function fingerprint(root, inputs) {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => listFiles(root, input)).sort();
  for (const file of files) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Every input of a workspace, its dependencies' inputs included, plus the files common to all. */
export function inputsOf(workspace, workspaces = WORKSPACES) {
  const deps = (workspace.dependsOn ?? []).map((name) => workspaces.find((w) => w.name === name));
  return [...COMMON_INPUTS, ...deps.flatMap((dep) => inputsOf(dep, workspaces)), ...workspace.inputs];
}

/** Decide whether a workspace needs a build: dist missing, no recorded fingerprint, or a different one. */
export function needsBuild(root, workspace, current) {
  const dist = path.join(root, workspace.dir, 'dist');
  if (!existsSync(dist)) return { build: true, reason: 'dist is missing' };
  const recordedPath = path.join(dist, FINGERPRINT_FILE);
  if (!existsSync(recordedPath)) return { build: true, reason: 'no recorded fingerprint' };
  const recorded = readFileSync(recordedPath, 'utf8').trim();
  if (recorded !== current) return { build: true, reason: 'inputs changed' };
  return { build: false, reason: 'unchanged' };
}

export function recordFingerprint(root, workspace, current) {
  writeFileSync(path.join(root, workspace.dir, 'dist', FINGERPRINT_FILE), `${current}\n`);
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const force = process.argv.includes('--force');
  for (const workspace of WORKSPACES) {
    const current = fingerprint(root, inputsOf(workspace));
    const decision = force ? { build: true, reason: '--force' } : needsBuild(root, workspace, current);
    if (!decision.build) {
      process.stdout.write(`build: ${workspace.name} unchanged, skipped\n`);
      continue;
    }
    process.stdout.write(`build: ${workspace.name} (${decision.reason})\n`);
    execFileSync('npm', ['run', 'build', '-w', workspace.name], { cwd: root, stdio: 'inherit' });
    recordFingerprint(root, workspace, current);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
