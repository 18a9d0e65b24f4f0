# syntax=docker/dockerfile:1
# Summa's image: one image for every role (SUMMA_ROLE=web, worker or all), built in two stages.
# tools/image-smoke.sh runs the same steps (assemble, install, start as a non-root user, health
# check) without Docker, in CI. See docs/deploy.md.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: every dependency, then the shared package, the server and the web app ----
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
# The manifests first, so the dependency layer is reused until they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && tools/image/assemble.sh /image

# ---- runtime: the built files and the production dependencies only, run as `node` ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=build /image ./
# `keep` keeps node-llama-cpp's CUDA and Vulkan builds (~600 MB) for a local model on a GPU host.
ARG LLAMA_GPU_BUILDS=drop
RUN LLAMA_GPU_BUILDS=${LLAMA_GPU_BUILDS} sh tools/image/install-runtime.sh && npm cache clean --force \
  && mkdir -p /data/models && chown -R node:node /data
# The embedded database (when DATABASE_URL is unset), stored files (STORAGE_DRIVER=local) and the
# local summary model (LLM_MODELS_DIR=/data/models, ~1 GB, fetched once) live in this volume;
# the eSpeak NG voices ship inside the image (an npm package).
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "tools/image/healthcheck.mjs"]
STOPSIGNAL SIGTERM
CMD ["node", "--import", "./apps/server/dist/observability/instrument.js", "apps/server/dist/main.js"]
