/** Entry point: `npm start` at the root, or `node packages/server/dist/main.js`. */
import { createServer } from './app';
import { createLogger, type Logger } from './logger';
import { exitOnStartError, installShutdown } from './shutdown';

let logger: Logger = createLogger(process.env.LOG_LEVEL && /^[a-z]+$/.test(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info');

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
  await server.listen();
  // SIGTERM/SIGINT: `restarting` to every client, store flushed, exit within SHUTDOWN_GRACE_SECONDS (src/shutdown.ts).
  installShutdown(server, { graceSeconds: server.config.SHUTDOWN_GRACE_SECONDS });
}

// Bad settings (and any other start failure: the port, Redis) end the process with one line, exit 1.
main().catch((e: unknown) => exitOnStartError(e));
