/**
 * The room state as it travels, and the one mapping each way between it and the state's JSON form
 * (`IsleStateJSON`, what clients read and render).
 *
 * Small records that change as a whole (a log line, a ticket, a car of a train with its loads, an
 * island a player holds, a player's deliveries) travel as JSON text in string lists (`logJson`,
 * `ticketsJson`, `trainJson`, `islandsJson`, `deliveredJson`) rather than as schema objects of their
 * own: every schema object costs the server about 0.6 KB of tracking per room (a change tree, its
 * field values, its index maps), and these records were 42 of the 68 a 2-player room held early in a
 * game (heap snapshots at 1,000 rooms), more as its trains grow (the target is 150 KB per room in all). A string in a list costs only itself,
 * and a change still sends only the entry that changed (a load sends its car again).
 *
 * Pure, and without zod or the SDK. docs/PROTOCOL.md ("Room state") describes the same forms.
 */
import type {
  CarJSON, GameJSON, HeldIslandJSON, IsleStateJSON, LoadJSON, LogEntryJSON, PlayerJSON, TicketJSON,
} from './state';

/** A player as it travels: `train`, `islands` and `delivered` as JSON text. */
export interface PlayerWire extends Omit<PlayerJSON, 'train' | 'islands' | 'delivered'> {
  /** One JSON object per car, engine first: `{"card","loads"}` (a {@link CarJSON}, loads in full). */
  trainJson: string[];
  /** One JSON object per island held, `{"island","secondary"}` (a {@link HeldIslandJSON}). */
  islandsJson: string[];
  /** JSON object destination → passengers delivered there, in the order of the first delivery to each. */
  deliveredJson: string;
}

/** The game as it travels: `tickets` as JSON text. */
export interface GameWire extends Omit<GameJSON, 'tickets' | 'players'> {
  /** One JSON object per ticket on the map, `{"destination","tile","filled"}` (a {@link TicketJSON}). */
  ticketsJson: string[];
  players: PlayerWire[];
}

/** The whole room state as `room.state.toJSON()` gives it. */
export interface IsleStateWire extends Omit<IsleStateJSON, 'game' | 'log'> {
  game?: GameWire;
  /** The newest log lines, each the JSON array `[n, seat, type, text]` of a {@link LogEntryJSON}. */
  logJson: string[];
}

// ------------------------------------------------------------------ server side: JSON → wire

/** A log line as it travels: `[n, seat, type, text]` (an array: a line is in nearly every patch, and field names would add ~25 bytes to each). */
export function logLineWire(line: LogEntryJSON): string {
  return JSON.stringify([line.n, line.seat, line.type, line.text]);
}

function playerWire(p: PlayerJSON): PlayerWire {
  const { train, islands, delivered, ...rest } = p;
  return {
    ...rest,
    trainJson: train.map((c) => JSON.stringify({ card: c.card, loads: c.loads })),
    islandsJson: islands.map((i) => JSON.stringify({ island: i.island, secondary: i.secondary })),
    // In the rules' own key order (the order of first deliveries, the same on every replay of the game),
    // so the parsed object is the rules view's, key for key.
    deliveredJson: JSON.stringify(delivered),
  };
}

/** The `game` field as it travels (what the server's schema mirror encodes). */
export function gameWire(g: GameJSON): GameWire {
  const { tickets, players, ...rest } = g;
  return {
    ...rest,
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

/** A log line from its wire text; null when the text is not one (a line is skipped, never invented). */
export function logLineFromWire(text: unknown): LogEntryJSON | null {
  const a = parse(text);
  if (!Array.isArray(a) || typeof a[0] !== 'number') return null;
  return { n: a[0], seat: number(a[1], -1), type: typeof a[2] === 'string' ? a[2] : '', text: typeof a[3] === 'string' ? a[3] : '' };
}

function ticketFromWire(text: unknown): TicketJSON {
  const t = parse(text);
  if (!isObject(t)) return { destination: '', tile: '', filled: [] };
  return { destination: String(t.destination ?? ''), tile: String(t.tile ?? ''), filled: strings(t.filled) };
}

function islandFromWire(text: unknown): HeldIslandJSON {
  const i = parse(text);
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
  return {
    kind: String(l.kind ?? 'card'), card: String(l.card ?? ''), as: String(l.as ?? ''), faceDown: l.faceDown === true,
    passenger: String(l.passenger ?? ''), by: number(l.by, -1),
  };
}

function carFromWire(text: unknown): CarJSON {
  const c = parse(text);
  if (!isObject(c)) return { card: '', loads: [] };
  return { card: String(c.card ?? ''), loads: Array.isArray(c.loads) ? c.loads.map(loadFromWire) : [] };
}

function playerFromWire(p: PlayerWire): PlayerJSON {
  const { trainJson, islandsJson, deliveredJson, ...rest } = p;
  return {
    ...rest,
    train: (trainJson ?? []).map(carFromWire),
    islands: (islandsJson ?? []).map(islandFromWire),
    delivered: deliveredFromWire(deliveredJson),
  };
}

/** The `game` field in JSON form. */
export function gameFromWire(g: GameWire): GameJSON {
  const { ticketsJson, players, ...rest } = g;
  return { ...rest, tickets: (ticketsJson ?? []).map(ticketFromWire), players: (players ?? []).map(playerFromWire) };
}

/**
 * The state's JSON form from what the client decoded (`room.state.toJSON()`): the one step between the
 * wire and everything that reads the state (`viewFromState`, the web client's table).
 */
export function stateFromWire(w: IsleStateWire): IsleStateJSON {
  const { game, logJson, ...rest } = w;
  const log: LogEntryJSON[] = [];
  for (const text of logJson ?? []) {
    const line = logLineFromWire(text);
    if (line) log.push(line);
  }
  return { ...rest, ...(game ? { game: gameFromWire(game) } : {}), log };
}
