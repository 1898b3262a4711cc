/**
 * Jest setup file for the server tests (jest.config.js `setupFiles`): the SDK clients of the tests use
 * the `ws` package, not Node's own WebSocket.
 *
 * @colyseus/sdk takes `globalThis.WebSocket` when it loads and falls back to `ws` only where there is
 * none (Node 20). Node 22+ has a standard WebSocket, which can only close a connection politely; the
 * tests simulate a network drop with `ws`'s terminate() (reconnect, unattended). So the SDK is loaded
 * here with `ws` as the global and the global is put back right after: the server under test, in the
 * same process, still sees Node's own WebSocket (what production has), and only the test clients use
 * `ws`. Jest loads this per test file, in that file's module registry, so every `@colyseus/sdk`
 * import in the file gets this copy.
 */
import { WebSocket as WsWebSocket } from 'ws';

const g = globalThis as { WebSocket?: unknown };
const own = g.WebSocket;
g.WebSocket = WsWebSocket;
try {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@colyseus/sdk');
} finally {
  g.WebSocket = own;
}
