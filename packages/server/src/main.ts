/** Entry point: `npm start` at the root, or `node packages/server/dist/main.js`. */
import { createServer } from './app';
import { exitOnStartError, installShutdown } from './shutdown';

async function main(): Promise<void> {
  const server = createServer();
  const port = await server.listen();
  // The address to open, for whoever ran `npm start` (the JSON log line carries it too, for log readers).
  const host = server.config.HOST === '0.0.0.0' || server.config.HOST === '::' ? 'localhost' : server.config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  server.logger.info({ url }, 'ready');
  if (process.stderr.isTTY) process.stderr.write(`\n  Isle of Trains is running: open ${url}\n\n`);
  // SIGTERM/SIGINT: `restarting` to every client, store flushed, exit within SHUTDOWN_GRACE_SECONDS (src/shutdown.ts).
  installShutdown(server, { graceSeconds: server.config.SHUTDOWN_GRACE_SECONDS });
}

// Bad settings (and any other start failure) end the process with one line on stderr, no stack.
main().catch((e: unknown) => exitOnStartError(e));
