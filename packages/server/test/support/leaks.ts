/**
 * Leak checks. A card or passenger id that a viewer could never see at any point of the game (it
 * stayed in the deck, the bag, another hand or face down on another train) must never appear in the
 * bytes that viewer received. The seed must not appear before the game has ended.
 */
import { createHash } from 'crypto';
import {
  applyAction, createGame, playerView, CARDS, PASSENGERS, type GameState, type Viewer,
} from '@isle-of-trains/rules';
import type { ReplayJSON } from '@isle-of-trains/client';

/** What replayStates needs of the replay endpoint's body. */
export type ReplayData = Pick<ReplayJSON, 'options' | 'actions'>;

/** Replay with the rules package; throws on an illegal step. Returns every state (index 0 = start). */
export function replayStates(r: ReplayData): GameState[] {
  const states = [createGame(r.options)];
  for (const { seat, action } of r.actions) {
    const res = applyAction(states[states.length - 1], seat, action);
    if (!res.ok) throw new Error(`replay refused ${action.type}: ${res.error.code}`);
    states.push(res.state);
  }
  return states;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const ALL_IDS = [...CARDS.map((c) => c.id), ...PASSENGERS.map((p) => p.id)];
const ID_PATTERN = /"([a-z0-9]+(?:-[a-z0-9]+)*\.[0-9]+|p-[a-z]+-[0-9]+)"/g;

/** Ids that never appear in any view `viewer` had during the game. */
export function neverVisible(states: GameState[], viewer: Viewer): string[] {
  const seen = new Set<string>();
  for (const s of states) {
    const text = JSON.stringify(playerView(s, viewer));
    for (const m of text.matchAll(ID_PATTERN)) seen.add(m[1]);
  }
  return ALL_IDS.filter((id) => !seen.has(id));
}

/** The encodings an id could have in a frame: a msgpack/schema string, or inside JSON text. */
function needles(id: string): Buffer[] {
  const utf8 = Buffer.from(id);
  const out = [Buffer.from(`"${id}"`)];
  if (utf8.length < 32) out.push(Buffer.concat([Buffer.from([0xa0 | utf8.length]), utf8]));
  else out.push(Buffer.concat([Buffer.from([0xd9, utf8.length]), utf8]));
  // schema's string encoding is msgpack-like as well; also catch the id followed by a non-digit
  return out;
}

/** Ids from `ids` found in `bytes` (exact matches only: "hopper-2.1" does not match "hopper-2.12"). */
export function findIds(bytes: Buffer, ids: string[]): string[] {
  const found: string[] = [];
  for (const id of ids) {
    if (needles(id).some((n) => bytes.includes(n))) { found.push(id); continue; }
    // bare occurrences (e.g. inside a log text) not followed by another digit
    let at = bytes.indexOf(id);
    while (at >= 0) {
      const next = bytes[at + id.length];
      if (next === undefined || next < 0x30 || next > 0x39) { found.push(id); break; }
      at = bytes.indexOf(id, at + 1);
    }
  }
  return found;
}
