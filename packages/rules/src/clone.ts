import type { Car, GameState, HeldIsland, Load, PlayerState, Task, TicketState, TurnState } from './types';
import { copyRng } from '@isle-of-trains/engine-core';
/**
 * Deep copy of plain JSON data (the game state has no other kind of value). applyAction copies the
 * whole state once per action, so this is on the hot path of the server, the bots' search and the
 * tests. Arrays are copied with slice() and only their object elements are copied further; objects
 * are walked with for-in (plain JSON objects have no inherited enumerable keys). `Array.isArray` is
 * held in a module constant because a global lookup per call is slow inside vm contexts such as
 * jest's (it made this function eight times slower there).
 */
const isArray = Array.isArray;

export function clone<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (isArray(value)) {
    const out = value.slice();
    for (let i = 0; i < out.length; i++) {
      const v = out[i];
      if (v !== null && typeof v === 'object') out[i] = clone(v);
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  const src = value as Record<string, unknown>;
  for (const k in src) {
    const v = src[k];
    out[k] = v !== null && typeof v === 'object' ? clone(v) : v;
  }
  return out as T;
}

/**
 * Copy of a game state specialised to its shape: every array and object the rules write to is copied,
 * and `options` (never written after createGame) is shared with the input. Several times cheaper than
 * the generic `clone`, which must discover the shape as it goes. A new field in GameState must be added
 * here (the simulator-vs-API property test compares whole states, so a forgotten one shows up there).
 */
export function cloneState(s: GameState): GameState {
  const players = new Array<PlayerState>(s.players.length);
  for (let i = 0; i < players.length; i++) players[i] = clonePlayer(s.players[i]);
  return withPlayers(s, players);
}

/**
 * applyAction's copy (structural sharing): the players the action cannot write to are shared with the input
 * (an action writes only to the acting seat's player and, for a load, to the owner of the loaded train); the
 * two it can write to are new objects that still hold the input's lists; and the table's lists and tickets
 * are the input's. applyAction copies each list only when it first writes to it (apply.ts, `Ctx.list` and
 * `Ctx.hand` and the like). The property tests check after every action that applyAction left its input
 * untouched, so a write to anything shared would fail them.
 */
export function cloneStateFor(s: GameState, seat: number, other: number): GameState {
  const players = new Array<PlayerState>(s.players.length);
  for (let i = 0; i < players.length; i++) players[i] = i === seat || i === other ? { ...s.players[i] } : s.players[i];
  return withPlayers(s, players, s.deck, s.discard, s.display, s.bag, s.islandsOnMap, s.tickets);
}

function withPlayers(
  s: GameState, players: PlayerState[],
  deck = s.deck.slice(), discard = s.discard.slice(), display = s.display.slice(), bag = s.bag.slice(),
  islandsOnMap = s.islandsOnMap.slice(), tickets = s.tickets.map(cloneTicket),
): GameState {
  return {
    kind: s.kind,
    version: s.version,
    options: s.options,
    rng: copyRng(s.rng),
    deck,
    discard,
    display,
    bag,
    islandsOnMap,
    tickets,
    progress: s.progress,
    progressTrain: s.progressTrain,
    players,
    turn: cloneTurn(s.turn),
    endTriggered: s.endTriggered,
    finalTurnsLeft: s.finalTurnsLeft,
    gameOver: s.gameOver,
    result: s.result === null ? null : { reason: s.result.reason, solo: s.result.solo },
  };
}


export function cloneTicket(t: TicketState): TicketState {
  return { destination: t.destination, tile: t.tile, filled: t.filled.slice() };
}

function cloneLoad(l: Load): Load {
  if (l.kind === 'passenger') return { kind: 'passenger', id: l.id };
  return l.by === undefined
    ? { kind: 'card', card: l.card, as: l.as, faceDown: l.faceDown }
    : { kind: 'card', card: l.card, as: l.as, faceDown: l.faceDown, by: l.by };
}

/** A player's island cards, each a new object (a secondary contract is written into its card). */
export function cloneIslands(islands: readonly HeldIsland[]): HeldIsland[] {
  return islands.map((i) => ({ island: i.island, secondary: i.secondary }));
}

export function cloneCar(c: Car): Car {
  const loads = c.loads;
  const out = new Array<Load>(loads.length);
  for (let i = 0; i < loads.length; i++) out[i] = cloneLoad(loads[i]);
  return { card: c.card, loads: out };
}

function clonePlayer(p: PlayerState): PlayerState {
  const train = new Array<Car>(p.train.length);
  for (let i = 0; i < train.length; i++) train[i] = cloneCar(p.train[i]);
  const delivered: Record<string, number> = {};
  for (const k in p.delivered) delivered[k] = p.delivered[k];
  return {
    seat: p.seat,
    name: p.name,
    hand: p.hand.slice(),
    train,
    buildings: p.buildings.slice(),
    islands: cloneIslands(p.islands),
    supply: p.supply.slice(),
    vp: p.vp,
    delivered,
  };
}

/** Tasks are small tagged objects; a delivery carries its progress and the tasks that wait for its end. */
function cloneTask(t: Task): Task {
  if (t.kind === 'delivery') {
    const out: Task = { kind: 'delivery', progress: { ...t.progress } };
    if (t.afterDelivery !== undefined) out.afterDelivery = t.afterDelivery.map(cloneTask);
    return out;
  }
  return { ...t };
}

function cloneTurn(t: TurnState): TurnState {
  return { seat: t.seat, actionsLeft: t.actionsLeft, queue: t.queue.map(cloneTask), ending: t.ending, number: t.number };
}
