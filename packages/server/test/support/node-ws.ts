/**
 * Makes @colyseus/sdk use the `ws` package rather than Node's built-in WebSocket (Node 22+ has one, and
 * the SDK takes it when present). Only `ws` sockets can be cut abruptly (`terminate()`), which is how a
 * soak imitates a lost connection. The global stays a WebSocket class (@colyseus/core reads
 * `WebSocket.OPEN` from it). Import this before the SDK.
 */
import NodeWebSocket from 'ws';

(globalThis as { WebSocket?: unknown }).WebSocket = NodeWebSocket;
export {};
