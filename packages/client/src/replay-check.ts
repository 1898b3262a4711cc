/**
 * Fetching a finished game's replay and checking it with the rules package: the seed hashes to the
 * `seedHash` published at the start, every move is legal when played again from `createGame(options)`,
 * the game is over after the last one, and the final scores come out as the server said. Needs no SDK; uses the host's `fetch` and Web Crypto
 * (Node 22+ and every browser).
 */
import { applyAction, createGame, scoreBreakdown, type GameState } from '@isle-of-trains/rules';
import { IsleError } from './errors';
import { playRecorded, type PlayedAgain, type RecordedRules } from './play-recorded';
import type { GameState as TtrGameState } from '@isle-of-trains/ttr-rules';
import type { IsleReplayJSON, ReplayJSON, TtrReplayJSON } from './replay';

/** How to ask for a replay: a private table's needs its share key or one of its players' identity. */
export interface FetchReplayOptions {
  /** The share key a seated player got in the `seat` message of a private room. */
  key?: string;
  /** `Guest <id>:<secret>` or `Bearer <token>` of one of the game's players (sent as Authorization). */
  identity?: string;
}

/**
 * `GET /api/games/:roomId/replay` from `base` (the server's http(s):// or ws(s):// address). Rejects with an
 * {@link IsleError}: `NOT_FOUND` (no ended game with that id, or a private one without its key or a player's
 * identity), `NOT_ENDED` (still being played), `OFFLINE` (the server could not be reached), `BAD_REPLAY`
 * (an answer that is not a replay), `MATCHMAKE` (any other status).
 */
export async function fetchReplay(base: string, roomId: string, options: FetchReplayOptions = {}): Promise<ReplayJSON> {
  const url = `${base.replace(/^ws/, 'http').replace(/\/$/, '')}/api/games/${encodeURIComponent(roomId)}/replay`
    + (options.key ? `?key=${encodeURIComponent(options.key)}` : '');
  let res: Awaited<ReturnType<typeof fetch>>;
  try {
    res = await fetch(url, options.identity ? { headers: { authorization: options.identity } } : undefined);
  } catch (e) {
    throw new IsleError('OFFLINE', `The server could not be reached: ${(e as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as (Partial<ReplayJSON> & { code?: unknown; message?: unknown }) | null;
  if (!res.ok) {
    const code = typeof body?.code === 'string' ? body.code : 'MATCHMAKE';
    throw new IsleError(code, typeof body?.message === 'string' ? body.message : `The replay is unavailable (${res.status}).`);
  }
  if (!body || typeof body.seedHash !== 'string' || !Array.isArray(body.actions) || typeof body.options !== 'object') {
    throw new IsleError('BAD_REPLAY', 'The answer is not a replay.');
  }
  return body as ReplayJSON;
}

/** The result of {@link verifyReplay}: the final rules state (Isle's, or the second game's for a `ttr` replay), or what does not hold. */
export type ReplayCheck<S = GameState> = PlayedAgain<S>;

/**
 * Check a replay: SHA-256 of `options.seed` is `seedHash` (and `seedHashSeenAtStart`, when you kept the one
 * the room state showed before the first move), every move is accepted by the rules in order, the game is
 * over after the last, and `scoreBreakdown` of the final state equals `finalScores`.
 */
export async function verifyReplay(replay: IsleReplayJSON, seedHashSeenAtStart?: string): Promise<ReplayCheck>;
export async function verifyReplay(replay: TtrReplayJSON, seedHashSeenAtStart?: string): Promise<ReplayCheck<TtrGameState>>;
export async function verifyReplay(replay: ReplayJSON, seedHashSeenAtStart?: string): Promise<ReplayCheck<GameState | TtrGameState>>;
export async function verifyReplay(replay: ReplayJSON, seedHashSeenAtStart?: string): Promise<ReplayCheck<GameState | TtrGameState>> {
  const hash = await sha256Hex(replay.options.seed);
  if (hash !== replay.seedHash) return { ok: false, problem: 'the seed does not hash to the replay\'s seedHash' };
  if (seedHashSeenAtStart !== undefined && seedHashSeenAtStart !== replay.seedHash) {
    return { ok: false, problem: 'the replay\'s seedHash is not the one published at the start' };
  }
  // The second game's rules are loaded only for its replays (as for its sessions: ./games.ts).
  // (with its emitted name: a dynamic import is resolved as written, by Node from dist and by the bundler from source)
  if (replay.game === 'ttr') return playRecorded((await import('./ttr/kit.js')).TTR_RECORDED_RULES, replay, sameJSON);
  return playRecorded(ISLE_RULES, replay, sameJSON);
}

const ISLE_RULES: RecordedRules<GameState, IsleReplayJSON['options']> = { createGame, applyAction, scoreBreakdown };

/** Equal as JSON values, whatever the order of object keys. */
function sameJSON(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameJSON((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

async function sha256Hex(text: string): Promise<string> {
  // Web Crypto and TextEncoder are host globals (Node 22+, browsers); reached through globalThis so the
  // package needs neither the DOM nor Node's type library.
  const host = globalThis as unknown as {
    crypto: { subtle: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> } };
    TextEncoder: new () => { encode(text: string): Uint8Array };
  };
  const digest = await host.crypto.subtle.digest('SHA-256', new host.TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
