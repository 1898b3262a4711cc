/**
 * The one mapping from the room state a client decoded to the rules package's `PlayerView`, so a
 * client can call `legalActions`, `currentDecision`, `scoreBreakdown`… locally. Pure.
 * The server's tests check that it equals the server's own `playerView` for every seat after every patch.
 */
import type { CargoType, Load, PlayerView, PlayerViewPlayer, SoloOutcome, Task } from '@isle-of-trains/rules';
import type { IsleStateJSON, LoadJSON, PlayerJSON } from './state';

/** Whose view: a seat, or a spectator's (no hand, no face-down card). */
export type Viewer = number | 'spectator';

const list = <T>(x: readonly T[] | undefined | null): T[] => (Array.isArray(x) ? [...x] : []);

function queueOf(json: string): Task[] {
  try {
    const q = JSON.parse(json) as unknown;
    return Array.isArray(q) ? (q as Task[]) : [];
  } catch {
    return [];
  }
}

/**
 * A face-down card is known only to the seat that loaded it (`by`). The ids of the cards the viewer
 * loaded come in its own `faceDownCards`, in table order (seat, car, load): each goes to the next
 * face-down load whose `by` is the viewer, whichever train it is on.
 */
function toLoad(l: LoadJSON, viewer: Viewer, mine: string[]): Load {
  if (l.kind === 'passenger') return { kind: 'passenger', id: l.passenger };
  const as = l.as as CargoType | 'any';
  if (!l.faceDown) return { kind: 'card', card: l.card, as, faceDown: false };
  const by = typeof l.by === 'number' ? l.by : -1;
  return { kind: 'card', card: by === viewer ? mine.shift() ?? null : null, as, faceDown: true, by };
}

function toPlayer(p: PlayerJSON, viewer: Viewer, mine: string[]): PlayerViewPlayer {
  return {
    seat: p.seat,
    name: p.name,
    hand: viewer === p.seat ? list(p.hand) : null,
    handCount: p.handCount,
    train: list(p.train).map((c) => ({ card: c.card, loads: list(c.loads).map((l) => toLoad(l, viewer, mine)) })),
    buildings: list(p.buildings),
    islands: list(p.islands).map((h) => ({ island: h.island, secondary: h.secondary < 0 ? null : h.secondary })),
    supply: list(p.supply),
    vp: p.vp,
    delivered: { ...(p.delivered ?? {}) },
  };
}

/**
 * The `PlayerView` of `viewer` exactly as the rules package builds it on the server, from the decoded
 * room state in JSON form (`stateFromWire(room.state.toJSON())`); `null` in the lobby, before the game exists.
 *
 * ```ts
 * const view = viewFromState(stateFromWire(room.state.toJSON()), mySeat);   // or 'spectator'
 * const moves = view ? legalActions(view, mySeat) : [];
 * ```
 */
export function viewFromState(state: IsleStateJSON, viewer: Viewer): PlayerView | null {
  const g = state.game;
  if (!g || !g.turn || !Array.isArray(g.players) || g.players.length === 0 || state.phase === 'lobby') return null;
  const solo = state.seatsTotal === 1;
  const mine = viewer === 'spectator' ? [] : list(g.players.find((p) => p.seat === viewer)?.faceDownCards);
  return {
    kind: 'view',
    version: 1,
    viewer,
    options: {
      players: state.seatsTotal,
      mode: solo ? (state.mode === 'scenario' ? 'scenario' : 'challenge') : 'multiplayer',
      scenario: state.scenario > 0 ? state.scenario : null,
      names: g.players.map((p) => p.name),
    },
    deckCount: g.deckCount,
    discardCount: g.discardCount,
    discardTop: g.discardTop === '' ? null : g.discardTop,
    display: list(g.display),
    bagCount: g.bagCount,
    islandsOnMap: list(g.islandsOnMap),
    tickets: list(g.tickets).map((t) => ({ destination: t.destination, tile: t.tile, filled: list(t.filled) })),
    progress: g.progress,
    progressThreshold: solo ? null : g.progressThreshold,
    progressTrain: g.progressTrain < 0 ? null : g.progressTrain,
    players: g.players.map((p) => toPlayer(p, viewer, mine)),
    turn: {
      seat: g.turn.seat,
      actionsLeft: g.turn.actionsLeft,
      queue: queueOf(g.turn.queueJson),
      ending: g.turn.ending,
      number: g.turn.number,
    },
    endTriggered: g.endTriggered,
    finalTurnsLeft: g.finalTurnsLeft < 0 ? null : g.finalTurnsLeft,
    gameOver: g.gameOver,
    result: g.resultReason === ''
      ? null
      : {
        reason: g.resultReason as 'progress' | 'cards' | 'deck-empty' | 'objective',
        solo: g.soloOutcome === '' ? null : g.soloOutcome as SoloOutcome,
      },
  };
}
