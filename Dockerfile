# Isle of Trains Online: the game server with the web client built in.
#   docker build -t isle-of-trains .
#   docker run -p 2567:2567 -v isle-data:/data isle-of-trains
# The build runs the same npm scripts as the tests (packages/server/test/ops-docker.test.ts checks
# that every path and script named here exists after `npm run build -w ...`).

# ---- build: every dependency, compile rules + bots + server (tsc -b), bundle the web client (vite)
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY packages/rules/package.json packages/rules/
COPY packages/bots/package.json packages/bots/
COPY packages/server/package.json packages/server/
COPY packages/client-web/package.json packages/client-web/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY packages/rules packages/rules
COPY packages/bots packages/bots
COPY packages/server packages/server
COPY packages/client-web packages/client-web
RUN npm run build -w @isle-of-trains/server \
 && npm run build -w @isle-of-trains/client-web

# ---- runtime: production dependencies of the server only, compiled output, non-root
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=2567 \
    DATA_DIR=/data \
    LOG_LEVEL=info
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/rules/package.json packages/rules/
COPY packages/bots/package.json packages/bots/
COPY packages/server/package.json packages/server/
COPY packages/client-web/package.json packages/client-web/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @isle-of-trains/server \
 && npm cache clean --force
COPY --from=build /app/packages/rules/dist packages/rules/dist
COPY --from=build /app/packages/bots/dist packages/bots/dist
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
CMD ["node", "packages/server/dist/main.js"]
