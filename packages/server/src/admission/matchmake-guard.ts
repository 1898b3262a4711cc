/**
 * Checks on Colyseus' matchmaking requests (POST /matchmake/:method/:roomName) before Colyseus acts
 * on them, so each refusal has the documented `CODE: message` form:
 *
 * - create / join / joinOrCreate for a room type other than `isle`: HTTP 520, `NO_SUCH_ROOM: …`
 *   (Colyseus' own answer was `provided room name "x" not defined`);
 * - options that are not a plain object, nest deeper than MAX_DEPTH, serialise to more than
 *   MAX_BYTES, or use a key named `__proto__`, `constructor` or `prototype`: HTTP 526,
 *   `BAD_OPTIONS: …`, refused before any room is created (a 100k-deep body used to leave an orphan
 *   lobby and an HTTP 523).
 *
 * - a key the method does not take (`bot` for `bots`, `seat` in a join): HTTP 526, `BAD_OPTIONS: …`
 *   naming the key. create takes the create options, join and joinById the join options, joinOrCreate
 *   either. A restore or a rematch creates its room inside the process (matchMaker.handleCreateRoom) with
 *   its one-time stash key (src/create-stash.ts) and never comes through here.
 *
 * joinById and reconnect carry a room id in place of the room type; their options are checked the same way
 * (reconnect's, which the SDK fills in itself, for their shape only).
 *
 * joinById and reconnect carry a room id in place of the room type; their options are checked the same way.
 *
 * A request that fails because Redis is away (Colyseus' presence and room list live there when scaled out)
 * answers 526 `STORE_UNAVAILABLE: …` as a room refused for the store does, not ioredis' own text; the raw
 * error is logged once per outage.
 */
import { ErrorCode, ServerError, matchMaker } from '@colyseus/core';
import { CREATE_OPTION_KEYS, JOIN_OPTION_KEYS, TTR_CREATE_OPTION_KEYS, TTR_ROOM_NAME } from '@isle-of-trains/client/protocol';
import { PEER_HEADER, clientAddress, type AddressQuotas } from './address-quotas';
import { isRedisFailure } from '../http/errors';
import type { Logger } from '../ops/logger';
import { STORE_UNAVAILABLE } from '../persistence/store/journal';
import { SERVER_BUSY_STATUS, type LobbyCeiling } from './lobby-ceiling';

const MAX_DEPTH = 4;
const MAX_BYTES = 2048;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const BY_TYPE = new Set(['create', 'join', 'joinOrCreate']);
const GUARDED = Symbol.for('isle.matchmakeGuard');

/** What is wrong with a matchmaking options body, or null. Iterative: a deep body cannot overflow the stack. */
export function optionsProblem(options: unknown): string | null {
  if (options === undefined) return null;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return 'options must be a JSON object';
  const stack: { value: unknown; depth: number }[] = [{ value: options, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_DEPTH) return `options nest deeper than ${MAX_DEPTH} levels`;
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return `the key "${key}" is not allowed`;
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  let size = 0;
  try {
    size = Buffer.byteLength(JSON.stringify(options));
  } catch {
    return 'options cannot be read';
  }
  return size > MAX_BYTES ? `options over ${MAX_BYTES} bytes` : null;
}

/** The keys each method takes, for a room type whose create options are `createKeys`. */
function allowedKeys(createKeys: readonly string[]): Record<string, ReadonlySet<string>> {
  return {
    create: new Set(createKeys),
    join: new Set(JOIN_OPTION_KEYS),
    joinById: new Set(JOIN_OPTION_KEYS),
    joinOrCreate: new Set([...createKeys, ...JOIN_OPTION_KEYS]),
  };
}

/** Each game's create options differ (the second game has a map and no solo modes); Isle's are the default. */
const ISLE_KEYS = allowedKeys(CREATE_OPTION_KEYS);
const KEYS_BY_ROOM: Record<string, Record<string, ReadonlySet<string>>> = { [TTR_ROOM_NAME]: allowedKeys(TTR_CREATE_OPTION_KEYS) };

/** The first key of `options` that `method` of room type `room` does not take, as a refusal text, or null. */
export function unknownOptionProblem(method: string, options: unknown, room?: string): string | null {
  const allowed = (room !== undefined ? KEYS_BY_ROOM[room] : undefined)?.[method] ?? ISLE_KEYS[method];
  if (!allowed || options === null || typeof options !== 'object') return null;
  const unknown = Object.keys(options).find((k) => !allowed.has(k));
  return unknown === undefined ? null : `unknown option "${unknown}" (${method} takes ${[...allowed].join(', ')})`;
}

/** The quotas of the server currently running in this process (one per process: the matchmaker is a singleton). */
let currentQuotas: AddressQuotas | null = null;
/** ... and its Redis connections (when scaled out) and logger. */
let currentRedis: { redis: { readonly ok: boolean; readonly outages: number }; logger: Logger; logged: number } | null = null;

/** A refusal of our own or Colyseus' ("CODE: text") has a code word; a library's raw failure does not. */
const CODED = /^[A-Z_]+: /;
let currentCeiling: LobbyCeiling | null = null;

interface AuthContextLike { headers?: { get(name: string): string | null } }

/** Wrap matchMaker.controller.invokeMethod once per process; `quotas` applies to what follows. */
export function guardMatchmaking(
  roomNames: string | readonly string[], quotas?: AddressQuotas,
  opts: { redis?: { redis: { readonly ok: boolean; readonly outages: number }; logger: Logger }; ceiling?: LobbyCeiling } = {},
): void {
  currentQuotas = quotas ?? null;
  currentRedis = opts.redis ? { ...opts.redis, logged: -1 } : null;
  currentCeiling = opts.ceiling ?? null;
  const controller = matchMaker.controller as typeof matchMaker.controller & { [GUARDED]?: boolean };
  if (controller[GUARDED]) return;
  const names: readonly string[] = typeof roomNames === 'string' ? [roomNames] : roomNames;
  const invoke = controller.invokeMethod.bind(controller);
  controller.invokeMethod = async (method: string, name: string, clientOptions: unknown, auth?: unknown) => {
    if (BY_TYPE.has(method) && !names.includes(name)) {
      throw new ServerError(ErrorCode.MATCHMAKE_NO_HANDLER, names.length === 1
        ? `NO_SUCH_ROOM: the only room type is "${names[0]}"`
        : `NO_SUCH_ROOM: the room types are ${names.map((n) => `"${n}"`).join(', ')}`);
    }
    const problem = optionsProblem(clientOptions) ?? unknownOptionProblem(method, clientOptions, name);
    if (problem) throw new ServerError(ErrorCode.APPLICATION_ERROR, `BAD_OPTIONS: ${problem}`);
    const q = currentQuotas;
    const headers = (auth as AuthContextLike | undefined)?.headers;
    const peer = headers?.get(PEER_HEADER);
    const address = q && peer ? clientAddress(peer, headers?.get('x-forwarded-for'), q.trusted) : null;
    if (q && address !== null && method !== 'reconnect') {
      const refusal = q.check(address, method);
      if (refusal) throw new ServerError(429, refusal);
    }
    // The whole server's ceilings, after the address's own quota (a flooder is told QUOTA, not SERVER_BUSY).
    const busy = currentCeiling?.refusal(method);
    if (busy) throw new ServerError(SERVER_BUSY_STATUS, busy);
    let result: { sessionId?: string };
    try {
      result = await (invoke as (...a: unknown[]) => Promise<{ sessionId?: string }>)(method, name, clientOptions, auth);
    } catch (e) {
      const r = currentRedis;
      const msg = (e as Error)?.message ?? String(e);
      if (!r || CODED.test(msg) || !isRedisFailure(e, !r.redis.ok)) throw e;
      if (r.logged !== r.redis.outages) {
        r.logged = r.redis.outages;
        r.logger.warn({ err: msg, method }, 'matchmaking failed: redis unavailable (logged once per outage)');
      }
      throw new ServerError(ErrorCode.APPLICATION_ERROR, `${STORE_UNAVAILABLE}: the server cannot store games right now; try again shortly`);
    }
    if (q && address !== null && typeof result?.sessionId === 'string') q.reserved(address, result.sessionId);
    return result;
  };
  controller[GUARDED] = true;
}
