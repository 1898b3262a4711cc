/**
 * Node 20 has no global WebSocket; @colyseus/core 0.18 reads `WebSocket.OPEN` while it accepts a
 * reconnection and would throw. Import this module before @colyseus/core (app.ts does).
 */
import { WebSocket as WsWebSocket } from 'ws';

const g = globalThis as { WebSocket?: unknown };
g.WebSocket ??= WsWebSocket;
