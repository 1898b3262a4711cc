/** Entry point: `npm start` at the root, or `node packages/server/dist/main.js`. */
// First: every module loaded after this one is compiled through Node's on-disk cache.
import { compileCache, flushCompileCache } from './ops/compile-cache';
import { createServer } from './app';
import { createLogger, type Logger } from './ops/logger';
import { LOG_LEVELS } from './ops/config';
import { nodeIdOf } from './persistence/store';
import { exitOnStartError, installShutdown } from './ops/shutdown';
import { missingNodeFlags } from './ops/node-flags';
import { loadRatings } from './players/ratings';

// Until the server (and its settings) exist: a logger from the raw environment, for crash lines.
const env = process.env;
// (A LOG_LEVEL pino does not know would throw here, before the settings are checked: the check says it in one line.)
let logger: Logger = createLogger((LOG_LEVELS as readonly string[]).includes(env.LOG_LEVEL ?? '') ? env.LOG_LEVEL! : 'info', undefined,
  nodeIdOf({ NODE_ID: env.NODE_ID, PUBLIC_ADDRESS: env.PUBLIC_ADDRESS, PORT: Number(env.PORT) || 2567 }));

// Every line is JSON, crash traces included: an uncaught exception is logged (stack in the line) and
// the process exits 1 for the supervisor to restart it. A stray rejected promise (a library's call
// during a Redis outage, say) is logged, at most once a second, and the process goes on.
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'crash: uncaught exception');
  process.exit(1);
});
let lastRejection = 0;
let rejections = 0;
process.on('unhandledRejection', (reason) => {
  rejections++;
  if (Date.now() - lastRejection < 1000) return;
  lastRejection = Date.now();
  logger.error({ err: reason instanceof Error ? reason : { message: String(reason) }, count: rejections }, 'unhandled promise rejection');
  rejections = 0;
});

async function main(): Promise<void> {
  const server = createServer();
  logger = server.logger;
  const port = await server.listen();
  // The address to open, for whoever ran `npm start` (the JSON log line carries it too, for log readers).
  const host = server.config.HOST === '0.0.0.0' || server.config.HOST === '::' ? 'localhost' : server.config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  // Where compiled code is kept between starts, or why it is not (NODE_COMPILE_CACHE, NODE_DISABLE_COMPILE_CACHE).
  server.logger.info({ url, compileCache: compileCache.directory ?? `off: ${compileCache.message}` }, 'ready');
  // Every module a running server needs is loaded by now (the ratings' library too, which the server itself
  // loads only when a game is first rated or a rating shown): keep their compiled code for the next start.
  loadRatings();
  flushCompileCache();
  const missing = missingNodeFlags();
  if (missing.length > 0) {
    server.logger.warn({ missing }, 'started without the V8 memory flag that npm start and the image use (src/ops/node-flags.ts): expect more memory per room');
  }
  if (process.stderr.isTTY) process.stderr.write(`\n  Isle of Trains is running: open ${url}\n\n`);
  // SIGTERM/SIGINT: `restarting` to every client, store flushed, exit within SHUTDOWN_GRACE_SECONDS (src/ops/shutdown.ts).
  installShutdown(server, { graceSeconds: server.config.SHUTDOWN_GRACE_SECONDS });
}

// Bad settings (and any other start failure: the port, Redis) end the process with one line, exit 1.
main().catch((e: unknown) => exitOnStartError(e));
