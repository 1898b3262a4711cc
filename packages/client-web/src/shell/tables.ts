/**
 * The tables by game id, each loaded with a dynamic import() so each game's table is its own chunk, fetched
 * only when a room of that game is shown (or its replay opened).
 */
import type { IsleReplayJSON, ReplayJSON, TtrReplayJSON } from '@isle-of-trains/client';
import type { TableModule } from './table-module';

/** A finished game played again, one room state per move (the viewer shows them through the game's table). */
export interface GameReplay<S = unknown> {
  /** How many states: the start, then one per move. */
  length: number;
  /** The room state after move i, as a spectator sees it, its log the moves' lines so far. */
  room(i: number): S;
  /** The turn number at state i. */
  turn(i: number): number;
  /** The first state of each turn, for "jump to turn". */
  turns: { turn: number; index: number }[];
  /** Words for move i (0: the start). */
  move(i: number): string;
  /** A move the rules refused (a corrupt replay): the viewer stops there. */
  brokenAt: number | null;
  /** A line above the replay's log about what it shows. */
  logNote: string;
}

export interface GameEntry {
  table(): Promise<TableModule>;
  replay(data: ReplayJSON): Promise<GameReplay>;
}

const GAMES: Record<string, GameEntry> = {
  isle: {
    table: async () => (await import('../isle/table')).isleTable as TableModule,
    replay: async (data) => (await import('../isle/replay')).gameReplay(data as IsleReplayJSON),
  },
  ttr: {
    table: async () => (await import('../ttr/room-table')).ttrRoomTable as TableModule,
    replay: async (data) => (await import('../ttr/replay')).loadTtrReplay(data as TtrReplayJSON),
  },
};

/** The games the lobby offers, in its order: id and the name the page gives it. */
export const GAME_NAMES: { id: string; name: string }[] = [
  { id: 'isle', name: 'Isle of Trains' },
  { id: 'ttr', name: 'Ticket to Ride: Northern Lights' },
];

export const DEFAULT_GAME = 'isle';

/** The game a room plays: its listing's `metadata.game`, else its room name (the room type), else Isle of Trains. */
export function gameOf(room: { name?: string; metadata?: { game?: unknown } | null } | null | undefined): string {
  const g = room?.metadata?.game;
  if (typeof g === 'string' && GAMES[g]) return g;
  if (room?.name && GAMES[room.name]) return room.name;
  return DEFAULT_GAME;
}

export function gameEntry(game: string): GameEntry {
  return GAMES[game] ?? GAMES[DEFAULT_GAME];
}
