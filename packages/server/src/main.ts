/** Entry point: `npm start` at the root, or `node packages/server/dist/main.js`. */
import { createServer } from './app';
import { exitOnStartError, installShutdown } from './shutdown';

async function main(): Promise<void> {
  const server = createServer();
  await server.listen();
  // SIGTERM/SIGINT: `restarting` to every client, store flushed, exit within SHUTDOWN_GRACE_SECONDS (src/shutdown.ts).
  installShutdown(server, { graceSeconds: server.config.SHUTDOWN_GRACE_SECONDS });
}

// Bad settings (and any other start failure) end the process with one line on stderr, no stack.
main().catch((e: unknown) => exitOnStartError(e));
