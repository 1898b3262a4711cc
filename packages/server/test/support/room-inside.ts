/**
 * What tests read of a room's game, which is private to the room (its table's match, src/game/match.ts): the rules
 * state, the actions in force and the seed, read live at each access. These tests check what clients decode
 * against the server's own truth, so they look inside on purpose.
 */
import type { GameState } from '@isle-of-trains/rules';
import type { Match, Move } from '../../src/game/match';

export interface RoomInside {
  readonly game: GameState | null;
  readonly actionLog: Move[];
  readonly seed: string;
}

export function inside(room: unknown): RoomInside;
export function inside(room: unknown | undefined): RoomInside | undefined;
export function inside(room: unknown): RoomInside | undefined {
  if (!room) return undefined;
  const r = { get match(): Match | null { return (room as { table?: { match: Match | null } }).table?.match ?? null; } };
  return {
    get game() { return r.match?.state ?? null; },
    get actionLog() { return r.match?.actions ?? []; },
    get seed() { return r.match?.options.seed ?? ''; },
  };
}
