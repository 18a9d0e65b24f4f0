#!/usr/bin/env bash
# The image's own steps without Docker (CI cannot pull base images): in a clean temporary folder,
# lay out the runtime tree as the Dockerfile's build stage does (tools/image/assemble.sh), install
# the production dependencies as its runtime stage does (tools/image/install-runtime.sh), check that
# no dev dependency came along, start the image's command as an unprivileged user with the image's
# environment, wait for the image's HEALTHCHECK (tools/image/healthcheck.mjs) to pass, check that the
# web app and the readiness answer, then stop it with SIGTERM and expect a clean exit.
# Usage: tools/image-smoke.sh [--reuse-dist]
#   --reuse-dist: use the dist folders already built (CI has just run `npm run build`); otherwise
#   tools/build-if-changed.js builds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

if [ "${1:-}" = "--reuse-dist" ]; then
  echo "image-smoke: reusing the built dist folders"
else
  node tools/build-if-changed.js
fi

work=$(mktemp -d /tmp/summa-image-smoke.XXXXXX)
chmod 755 "$work"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2> /dev/null; then kill -KILL "$server_pid" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

app="$work/app"
data="$work/data"
tools/image/assemble.sh "$app"
(cd "$app" && sh tools/image/install-runtime.sh)

# The runtime has the server's production dependencies and nothing of the build or the tests.
for dev in typescript vitest vite drizzle-kit eslint prettier tsx playwright-core; do
  if [ -e "$app/node_modules/$dev" ]; then
    echo "image-smoke: dev dependency $dev is in the runtime" >&2
    exit 1
  fi
done
[ -e "$app/node_modules/fastify" ] || { echo "image-smoke: fastify is missing from the runtime" >&2; exit 1; }

# As in the image: the app's files belong to root and are read-only to the server; only the data
# folder is its own. The server runs as nobody (Debian's unprivileged user; `node` in the image).
user=nobody
mkdir -p "$data/models"
chown -R "$user:" "$data"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
log="$work/server.log"
# The image's environment (Dockerfile ENV) with a model file that does not exist, so that nothing
# is downloaded: the local model's module still loads, and reports that it is unavailable.
(
  cd "$app"
  exec setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups --inh-caps=-all \
    env -i PATH="$PATH" HOME="$data" NODE_ENV=production HOST=127.0.0.1 PORT="$port" DATA_DIR="$data" \
    LOG_FORMAT=json LLM_MODEL="$data/models/absent.gguf" COVERS_FETCH=off \
    node --import ./apps/server/dist/observability/instrument.js apps/server/dist/main.js
) > "$log" 2>&1 &
server_pid=$!

healthy=""
for _ in $(seq 1 240); do
  if ! kill -0 "$server_pid" 2> /dev/null; then break; fi
  if (cd "$app" && PORT="$port" node tools/image/healthcheck.mjs); then
    healthy=yes
    break
  fi
  sleep 0.5
done
if [ -z "$healthy" ]; then
  echo "image-smoke: the health check never passed; the server's log:" >&2
  cat "$log" >&2
  exit 1
fi

uid=$(awk '/^Uid:/ { print $2 }' "/proc/$server_pid/status")
[ "$uid" = "$(id -u "$user")" ] || { echo "image-smoke: the server runs as uid $uid, not $user" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/readyz" | grep -q '"ready"' || { echo "image-smoke: /readyz is not ready" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/" -H 'accept: text/html' | grep -qi '<!doctype html' \
  || { echo "image-smoke: the web app is not served" >&2; exit 1; }

kill -TERM "$server_pid"
code=0
wait "$server_pid" || code=$?
server_pid=""
grep -q '"shutdown complete"' "$log" || { echo "image-smoke: no clean shutdown (exit $code)" >&2; cat "$log" >&2; exit 1; }
[ "$code" = 0 ] || { echo "image-smoke: the server exited with $code" >&2; exit 1; }
echo "image-smoke: passed in $(($(date +%s) - started)) s (runtime node_modules $(du -sh "$app/node_modules" | cut -f1))"
