# syntax=docker/dockerfile:1
# Winc's production image: the same build the tests run (npm ci, npm run build), served by plain node from
# dist/ with the production dependencies only. See README "Operations" and compose.yaml.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles its native module from source when no prebuilt one can be had: the tools for that,
# and node's own headers instead of a download.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
# npm 11, as the project uses it: install scripts run only for the packages package.json's allowScripts names.
RUN npm install -g npm@11
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
# MALLOC_ARENA_MAX as `npm start` sets it: fewer glibc arenas keep less of what a burst of speech syntheses
# freed (docs/decisions/0012-speech-engines.md).
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data \
  MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
# The app's files belong to root and are read-only to the server, which runs as node and writes only DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (no database call): an orchestrator restarts a process that stopped answering, not one whose
# database is down. The proxy checks /api/ready instead.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
