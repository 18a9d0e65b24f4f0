#!/usr/bin/env sh
# Installs the production dependencies of the server and the shared package, exactly as the lock
# file has them, in a tree laid out by tools/image/assemble.sh: no dev dependencies (no compiler,
# no test runner, no bundler), none of the web app's (it is built already) or the benchmarks'.
# Run from that tree's root, by the Dockerfile's runtime stage and by tools/image-smoke.sh.
set -eu
# node-llama-cpp ships its prebuilt binaries as optional dependencies: nothing to download or build.
export NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
npm ci --omit=dev --workspace=@summa/server --workspace=@summa/shared --include-workspace-root=false \
  --prefer-offline --no-audit --no-fund --loglevel=warn
# TypeScript comes along as node-llama-cpp's optional peer (the lock file marks it devOptional);
# only that package's CLI uses it, never the server: 23 MB the runtime does not need.
rm -rf node_modules/typescript
# node-llama-cpp installs its CUDA and Vulkan builds too (about 600 MB) whatever the machine has.
# An image for CPUs drops them, and the local model runs on the CPU build; build the image with
# --build-arg LLAMA_GPU_BUILDS=keep for a GPU host (or use a hosted model: LLM_PROVIDER).
if [ "${LLAMA_GPU_BUILDS:-drop}" != "keep" ]; then
  rm -rf node_modules/@node-llama-cpp/*-cuda* node_modules/@node-llama-cpp/*-vulkan*
fi
