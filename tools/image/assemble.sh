#!/usr/bin/env sh
# Lays out what the runtime image holds, from a built checkout (npm run build), into OUT: the
# workspace manifests and the lock file (npm ci needs them), the built server, shared package and
# web app, the migrations and the shipped data files, and the scripts the image runs. No source,
# no test, no node_modules: tools/image/install-runtime.sh installs the production dependencies.
# Used by the Dockerfile's build stage and by tools/image-smoke.sh, so both lay out the same tree.
# Usage: tools/image/assemble.sh OUT (run from the repository root)
set -eu
out="$1"
for built in packages/shared/dist/index.js apps/server/dist/main.js apps/web/dist/index.html; do
  [ -f "$built" ] || { echo "assemble: $built is missing: run npm run build first" >&2; exit 1; }
done
mkdir -p "$out"
cp package.json package-lock.json .npmrc "$out/"
# Every workspace's manifest: npm ci checks the lock file against all of them.
for workspace in packages/shared apps/server apps/web e2e bench; do
  mkdir -p "$out/$workspace"
  cp "$workspace/package.json" "$out/$workspace/"
done
cp -R packages/shared/dist "$out/packages/shared/"
cp -R apps/server/dist apps/server/drizzle "$out/apps/server/"
mkdir -p "$out/apps/server/data"
# Every shipped data file (catalogue, lexicon, achievements, people) and the editorial library;
# nothing else that a development run may have left under data/ (its embedded database).
cp -R apps/server/data/*.json apps/server/data/editorial "$out/apps/server/data/"
cp -R apps/web/dist "$out/apps/web/"
mkdir -p "$out/tools/image"
cp tools/image/install-runtime.sh tools/image/healthcheck.mjs "$out/tools/image/"
# The build records are of no use at run time.
find "$out" \( -name '*.tsbuildinfo' -o -name '.build-fingerprint' \) -type f -delete
