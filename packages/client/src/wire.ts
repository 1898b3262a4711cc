/**
 * The room state as it travels, and the one mapping each way between it and the state's JSON form
 * (`IsleStateJSON`, what clients read and render).
 *
 * Small records that change as a whole (a log line, a ticket, a car of a train with its loads, a
 * player's deliveries) travel as JSON text in string lists (`logJson`, `ticketsJson`, `trainJson`) or
 * one JSON text (`deliveredJson`) rather than as schema objects of their own: every schema object costs
 * the server about 0.6 KB of tracking per room (a change tree, its field values, its index maps), and
 * these records were 42 of the 68 a 2-player room held early in a game (heap snapshots at 1,000 rooms),
 * more as its trains grow. A string in a list costs only itself, and a change still sends only the entry
 * that changed (a load sends its car again).
 *
 * A list is a schema object too (an `ArraySchema` with its change tree, about 0.9 KB a room with its
 * arrays), so the lists that change a few times a game, or never, travel as one JSON text each
 * (the table's `spectatorsJson`, the game's `islandsOnMapJson`, a player's `buildingsJson`,
 * `heldIslandsJson` and `faceDownJson`): a change sends the whole short list again, a few dozen bytes a few
 * times a game, and a 2-player room holds 8 lists fewer (of 20). The lists that change with most actions (a
 * hand, a supply, a train, the display, the log) stay lists, so that a change sends only its entry.
 *
 * Pure, and without zod or the SDK. docs/PROTOCOL.md ("Room state") describes the same forms.
 */
import type {
  CarJSON, GameJSON, HeldIslandJSON, IsleStateJSON, LoadJSON, LogEntryJSON, PlayerJSON, TicketJSON, TurnJSON,
} from './state';
import { viewFromState } from './view';
import { taskFromWire, taskWire } from './task-wire';
import { currentDecision, type Task } from '@isle-of-trains/rules';
import { ISLE_LOG_TEMPLATES, decodeLogLine, encodeLogLine, type LogCodec } from './log-wire';

/** A player as it travels: `train`, `buildings`, `islands`, `faceDownCards` and `delivered` as JSON text. */
export interface PlayerWire extends Omit<PlayerJSON, 'train' | 'buildings' | 'islands' | 'faceDownCards' | 'delivered'> {
  /** One JSON object per car, engine first: `{"card","loads"}` (a {@link CarJSON}, each load in its short form: `{"p"}`, `{"c","as"}` or `{"as","by"}`). */
  trainJson: string[];
  /** JSON array of the building card ids, in the order built. */
  buildingsJson: string;
  /** JSON array of the islands held, each `{"island","secondary"}` (a {@link HeldIslandJSON}). */
  heldIslandsJson: string;
  /** Only that seat's connection receives it: JSON array of the ids of the face-down cards this seat loaded, on any train, in table order. */
  faceDownJson?: string;
  /** JSON object destination → passengers delivered there, in the order of the first delivery to each. */
  deliveredJson: string;
}

/** The turn as it travels: its queue one JSON text per task. */
export interface TurnWire extends Omit<TurnJSON, 'queueJson'> {
  /**
   * One JSON text per task of the rules `TurnState.queue`, first first, each a short array (./task-wire.ts):
   * a change to one task (a payment counted down, a delivery's next step) or the first task done sends
   * that entry alone, not the queue.
   */
  queueJson: string[];
}

/**
 * The game as it travels: `tickets` as JSON text, the turn's queue a list, and no `decisionJson`: the
 * decision is the rules' `currentDecision` of the public view, which the client derives from the turn
 * (it changed with nearly every action, and was ~30 % of a patch).
 */
export interface GameWire extends Omit<GameJSON, 'islandsOnMap' | 'tickets' | 'players' | 'turn' | 'decisionJson'> {
  /** JSON array of the island cards still on the map. */
  islandsOnMapJson: string;
  /** One JSON object per ticket on the map, `{"destination","tile","filled"}` (a {@link TicketJSON}). */
  ticketsJson: string[];
  turn: TurnWire;
  players: PlayerWire[];
}

/** The whole room state as `room.state.toJSON()` gives it. */
export interface IsleStateWire extends Omit<IsleStateJSON, 'game' | 'log' | 'spectators'> {
  /** JSON array of the spectators' names (`spectators` in the JSON form). */
  spectatorsJson: string;
  game?: GameWire;
  /** The newest log lines, each a JSON array: `[n, seat, type, text]` of a {@link LogEntryJSON}, or its short form `[n, seat, template, ...holes]` (./log-wire.ts). */
  logJson: string[];
}

// ------------------------------------------------------------------ server side: JSON → wire

/**
 * A log line as it travels (an array: a line is in nearly every patch, and field names would add ~25 bytes
 * to each): `[n, seat, template, ...holes]` when one of `codec`'s templates gives back its words exactly
 * (./log-wire.ts), else `[n, seat, type, text]`.
 */
export function logLineWire(line: LogEntryJSON, codec?: LogCodec): string {
  return encodeLogLine(line, codec);
}

/**
 * A load as it travels: only what its kind has, under short names (a load in full, six fields with their
 * names, was ~85 bytes, and a new load sends its car again): a passenger `{"p": id}`, a face-up card
 * `{"c": card, "as": type}`, a face-down card `{"as": type, "by": seat}` (never its id).
 */
type LoadWire = { p: string } | { c: string; as: string } | { as: string; by: number };

function loadWire(l: LoadJSON): LoadWire {
  if (l.kind === 'passenger') return { p: l.passenger };
  return l.faceDown ? { as: l.as, by: l.by } : { c: l.card, as: l.as };
}

/** A car as it travels: `{"card": id, "loads": [LoadWire…]}`. */
function carWire(c: CarJSON): string {
  return JSON.stringify({ card: c.card, loads: c.loads.map(loadWire) });
}

function playerWire(p: PlayerJSON): PlayerWire {
  const { train, buildings, islands, faceDownCards, delivered, ...rest } = p;
  return {
    ...rest,
    ...(faceDownCards ? { faceDownJson: JSON.stringify(faceDownCards) } : {}),
    trainJson: train.map(carWire),
    buildingsJson: JSON.stringify(buildings),
    heldIslandsJson: JSON.stringify(islands.map((i) => ({ island: i.island, secondary: i.secondary }))),
    // In the rules' own key order (the order of first deliveries, the same on every replay of the game),
    // so the parsed object is the rules view's, key for key.
    deliveredJson: JSON.stringify(delivered),
  };
}

/** The turn's queue, one short text per task (./task-wire.ts). */
function queueWire(queueJson: string): string[] {
  const q = JSON.parse(queueJson) as unknown;
  return Array.isArray(q) ? (q as Task[]).map(taskWire) : [];
}

/** The `game` field as it travels (what the server's schema mirror encodes). */
export function gameWire(g: GameJSON): GameWire {
  const { islandsOnMap, tickets, players, turn, decisionJson: _derived, ...rest } = g;
  return {
    ...rest,
    islandsOnMapJson: JSON.stringify(islandsOnMap),
    turn: { ...turn, queueJson: queueWire(turn.queueJson) },
    ticketsJson: tickets.map((t) => JSON.stringify({ destination: t.destination, tile: t.tile, filled: t.filled })),
    players: players.map(playerWire),
  };
}

// ------------------------------------------------------------------ client side: wire → JSON

function parse(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
const number = (x: unknown, fallback: number): number => (typeof x === 'number' && Number.isFinite(x) ? x : fallback);

/**
 * A log line from its wire text, either form (`codec`: the game's templates and the seats' names, for the
 * short form); null when the text is not one, or a short line that does not fit `codec` (a line is
 * skipped, never invented).
 */
export function logLineFromWire(text: unknown, codec?: LogCodec): LogEntryJSON | null {
  const a = parse(text);
  if (!Array.isArray(a) || typeof a[0] !== 'number') return null;
  const seat = number(a[1], -1);
  if (typeof a[2] === 'number') {
    const line = decodeLogLine(seat, a[2], a.slice(3), codec);
    return line ? { n: a[0], seat, type: line.type, text: line.text } : null;
  }
  return { n: a[0], seat, type: typeof a[2] === 'string' ? a[2] : '', text: typeof a[3] === 'string' ? a[3] : '' };
}

/** The seats' names as a state's `game` holds them (none in the lobby), for its log lines' short form. */
export function logNames(game: { players?: ArrayLike<{ name?: unknown }> } | undefined | null): string[] {
  const out: string[] = [];
  const players = game?.players;
  if (players) for (let i = 0; i < players.length; i++) out.push(typeof players[i]?.name === 'string' ? players[i].name as string : '');
  return out;
}

function ticketFromWire(text: unknown): TicketJSON {
  const t = parse(text);
  if (!isObject(t)) return { destination: '', tile: '', filled: [] };
  return { destination: String(t.destination ?? ''), tile: String(t.tile ?? ''), filled: strings(t.filled) };
}

function islandFromWire(i: unknown): HeldIslandJSON {
  if (!isObject(i)) return { island: '', secondary: -1 };
  return { island: String(i.island ?? ''), secondary: number(i.secondary, -1) };
}

function deliveredFromWire(text: unknown): Record<string, number> {
  const d = parse(text);
  const out: Record<string, number> = {};
  if (isObject(d)) for (const [k, v] of Object.entries(d)) if (typeof v === 'number') out[k] = v;
  return out;
}

function loadFromWire(x: unknown): LoadJSON {
  const l = isObject(x) ? x : {};
  if (typeof l.p === 'string') return { kind: 'passenger', card: '', as: '', faceDown: false, passenger: l.p, by: -1 };
  const as = typeof l.as === 'string' ? l.as : '';
  if (typeof l.c === 'string') return { kind: 'card', card: l.c, as, faceDown: false, passenger: '', by: -1 };
  return { kind: 'card', card: '', as, faceDown: true, passenger: '', by: number(l.by, -1) };
}

function carFromWire(text: unknown): CarJSON {
  const c = parse(text);
  if (!isObject(c)) return { card: '', loads: [] };
  return { card: String(c.card ?? ''), loads: Array.isArray(c.loads) ? c.loads.map(loadFromWire) : [] };
}

/** A list sent as one JSON text, an array; anything else is an empty list. */
function listFromWire(text: unknown): unknown[] {
  const a = parse(text);
  return Array.isArray(a) ? a : [];
}

function playerFromWire(p: PlayerWire): PlayerJSON {
  const { trainJson, buildingsJson, heldIslandsJson, faceDownJson, deliveredJson, ...rest } = p;
  return {
    ...rest,
    // Absent, not empty, for every connection but the seat's own (as before it travelled as text).
    ...(faceDownJson !== undefined ? { faceDownCards: strings(listFromWire(faceDownJson)) } : {}),
    train: (trainJson ?? []).map(carFromWire),
    buildings: strings(listFromWire(buildingsJson)),
    islands: listFromWire(heldIslandsJson).map(islandFromWire),
    delivered: deliveredFromWire(deliveredJson),
  };
}

/** The queue's JSON text (the rules' `JSON.stringify(queue)`) from its entries; an entry that is not JSON is left out. */
function queueFromWire(entries: unknown): string {
  const tasks = Array.isArray(entries) ? entries.map((t) => (typeof t === 'string' ? taskFromWire(t) : undefined)).filter((t) => t !== undefined) : [];
  return JSON.stringify(tasks);
}

/** The `game` field in JSON form; `decisionJson` is derived from it as the server's rules would give it. */
export function gameFromWire(g: GameWire): GameJSON {
  const { islandsOnMapJson, ticketsJson, players, turn, ...rest } = g;
  const parts = {
    islandsOnMap: strings(listFromWire(islandsOnMapJson)),
    turn: { ...turn, queueJson: queueFromWire(turn?.queueJson) },
    tickets: (ticketsJson ?? []).map(ticketFromWire),
    players: (players ?? []).map(playerFromWire),
  };
  // The decision of the public view, as the server's mirror wrote it before it was derived here (the rules read
  // only the turn and the deciding seat's hand count). The fields keep the order they decoded in before.
  const view = viewFromState({ phase: 'playing', seatsTotal: parts.players.length, mode: 'multiplayer', scenario: 0, game: { ...rest, ...parts, decisionJson: 'null' } } as IsleStateJSON, 'spectator');
  const decisionJson = JSON.stringify(view ? currentDecision(view) : null);
  return { ...rest, islandsOnMap: parts.islandsOnMap, turn: parts.turn, decisionJson, tickets: parts.tickets, players: parts.players };
}

/**
 * The state's JSON form from what the client decoded (`room.state.toJSON()`): the one step between the
 * wire and everything that reads the state (`viewFromState`, the web client's table).
 */
export function stateFromWire(w: IsleStateWire): IsleStateJSON {
  const { game, logJson, spectatorsJson, ...rest } = w;
  const log: LogEntryJSON[] = [];
  const codec: LogCodec = { templates: ISLE_LOG_TEMPLATES, names: logNames(game) };
  for (const text of logJson ?? []) {
    const line = logLineFromWire(text, codec);
    if (line) log.push(line);
  }
  return { ...rest, spectators: spectatorsFromWire(spectatorsJson), ...(game ? { game: gameFromWire(game) } : {}), log };
}

/** The spectators' names from their JSON text (either game's table); anything but an array of strings reads as none. */
export function spectatorsFromWire(text: unknown): string[] {
  return strings(listFromWire(text));
}
