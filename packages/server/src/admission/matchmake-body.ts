/**
 * The body of a matchmaking request (POST /matchmake/:method/:id), read and parsed here before Colyseus
 * sees it, so every body the server does not take gets the documented `{ code, error }` answer:
 *
 * - not JSON (a typo, or `[object Object]`, which @colyseus/sdk 0.18 sends for options holding a key named
 *   `constructor`), whatever its Content-Type: HTTP 526 `BAD_OPTIONS: the request body is not JSON …`
 *   (Colyseus answered `400 {"error":"malformed request body"}`, with no code, or took a non-JSON body
 *   as no options at all and created a room with the defaults);
 * - over MAX_BODY_BYTES: HTTP 526 `BAD_OPTIONS: the request body is over …`, read no further.
 *
 * A body that parses goes on to Colyseus as that JSON value (`req.body`, which its router takes in place of
 * the stream). A JSON value that is not an object (`null`, a number, a string, a list) is refused with
 * `BAD_OPTIONS: options must be a JSON object`, and one the matchmaking guard (matchmake-guard.ts) would
 * refuse gets its refusal here. An empty body is no options (the defaults).
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'http';
import { matchMaker } from '@colyseus/core';
import { optionsProblem } from './matchmake-guard';

/** Far over any real options body (the guard refuses options over 2 KB), under Colyseus' own 1 MB. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const BAD_BODY_STATUS = 526;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

function refuse(req: IncomingMessage, res: ServerResponse, error: string): void {
  const controller = matchMaker.controller;
  const cors = { ...controller.DEFAULT_CORS_HEADERS, ...controller.getCorsHeaders(new Headers(req.headers as Record<string, string>)) };
  const body = JSON.stringify({ code: BAD_BODY_STATUS, error });
  res.writeHead(BAD_BODY_STATUS, { ...cors, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Why `raw` is not a JSON body, or null with the value parsed into `out.value`. */
export function bodyProblem(raw: string, out: { value?: unknown }): string | null {
  if (raw.trim() === '') return null;
  try {
    out.value = JSON.parse(raw);
  } catch {
    const hint = raw.startsWith('[object ') ? ' (@colyseus/sdk sends options holding a key named "constructor" like this: rename the key)' : '';
    return `the request body is not JSON${hint}`;
  }
  // The guard's checks (object, depth, size, forbidden keys) run here too: a 100,000-deep value would
  // overflow the stack when Colyseus' router writes `req.body` back to text.
  return optionsProblem(out.value);
}

/** Wrap the server's 'request' listeners: matchmaking POSTs run them once their body is read and parsed. */
export function parseMatchmakeBodies(server: HttpServer): void {
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const forward = () => { for (const l of listeners) l.call(server, req, res); };
    if (req.method !== 'POST' || !(req.url ?? '').startsWith('/matchmake/')) return forward();
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        over = true;
        refuse(req, res, `BAD_OPTIONS: the request body is over ${MAX_BODY_BYTES} bytes`);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => { if (!res.headersSent) res.destroy(); });
    req.on('end', () => {
      if (over) return;
      const parsed: { value?: unknown } = {};
      const problem = bodyProblem(Buffer.concat(chunks).toString('utf8'), parsed);
      if (problem) return refuse(req, res, `BAD_OPTIONS: ${problem}`);
      if ('value' in parsed) {
        // Colyseus' router reads `req.body` in place of the stream; as JSON whatever Content-Type was sent.
        (req as IncomingMessage & { body?: unknown }).body = parsed.value;
        req.headers['content-type'] = 'application/json';
      }
      forward();
    });
  });
}
