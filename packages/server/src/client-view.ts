/**
 * Client side helper: rebuild the rules package's PlayerView from the room state a client decoded,
 * so it can call legalActions / currentDecision / scoreBreakdown locally. Pure; no server imports.
 *
 *   const view = viewFromState(room.state.toJSON(), mySeat);   // or 'spectator'
 *   const moves = legalActions(view, mySeat);
 *
 * docs/PROTOCOL.md describes the same mapping for clients written in other languages.
 */
import type { CargoType, Load, PlayerView, PlayerViewPlayer, SoloOutcome, Task } from '@isle-of-trains/rules';

/** The JSON form of IsleState (room.state.toJSON()); see docs/PROTOCOL.md for each field. */
export interface IsleStateJSON {
  phase: string;
  code?: string;
  seatsTotal: number;
  mode: string;
  scenario: number;
  isPrivate?: boolean;
  turnTimeLimit?: number;
  decisionDeadline?: number;
  botLevel?: string;
  seats: { index: number; name: string; kind?: string; connected?: boolean; botPlaying?: boolean; isCreator?: boolean }[];
  seedHash?: string;
  seed?: string;
  game?: GameJSON;
  log?: { n: number; seat: number; type: string; text: string }[];
  scoresJson?: string;
  soloJson?: string;
}
interface LoadJSON { kind: string; card: string; as: string; faceDown: boolean; passenger: string; by?: number }
interface PlayerJSON {
  seat: number;
  name: string;
  handCount: number;
  hand?: string[];
  faceDownCards?: string[];
  train: { card: string; loads: LoadJSON[] }[];
  buildings: string[];
  islands: { island: string; secondary: number }[];
  supply: string[];
  vp: number;
  delivered?: Record<string, number>;
}
export interface GameJSON {
  deckCount: number;
  discardCount: number;
  discardTop: string;
  display: string[];
  bagCount: number;
  islandsOnMap: string[];
  tickets: { destination: string; tile: string; filled: string[] }[];
  progress: number;
  progressThreshold: number;
  progressTrain: number;
  endTriggered: boolean;
  finalTurnsLeft: number;
  gameOver: boolean;
  resultReason: string;
  soloOutcome: string;
  turn: { seat: number; actionsLeft: number; number: number; ending: boolean; queueJson: string };
  decisionJson: string;
  players: PlayerJSON[];
}

/** The PlayerView of `viewer` as the rules package would build it, or null before the game starts. */
export function viewFromState(state: IsleStateJSON, viewer: number | 'spectator'): PlayerView | null {
  const g = state.game;
  if (!g || !g.turn || state.phase === 'lobby') return null;
  const solo = state.seatsTotal === 1;
  // The ids of the face-down cards the viewer loaded, in table order (seat, car, load): each goes to
  // the next face-down load whose `by` is the viewer, whichever train it is on.
  const mine = viewer === 'spectator' ? [] : [...(g.players.find((p) => p.seat === viewer)?.faceDownCards ?? [])];
  const players: PlayerViewPlayer[] = g.players.map((p) => {
    const own = viewer === p.seat;
    return {
      seat: p.seat,
      name: p.name,
      hand: own ? [...(p.hand ?? [])] : null,
      handCount: p.handCount,
      train: p.train.map((c) => ({
        card: c.card,
        loads: c.loads.map((l): Load => (l.kind === 'passenger'
          ? { kind: 'passenger', id: l.passenger }
          : l.faceDown
            ? {
              kind: 'card',
              card: l.by === viewer ? mine.shift() ?? null : null,
              as: l.as as CargoType | 'any',
              faceDown: true,
              by: l.by ?? -1,
            }
            : { kind: 'card', card: l.card, as: l.as as CargoType | 'any', faceDown: false })),
      })),
      buildings: [...p.buildings],
      islands: p.islands.map((h) => ({ island: h.island, secondary: h.secondary < 0 ? null : h.secondary })),
      supply: [...p.supply],
      vp: p.vp,
      delivered: { ...(p.delivered ?? {}) },
    };
  });
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
    display: [...g.display],
    bagCount: g.bagCount,
    islandsOnMap: [...g.islandsOnMap],
    tickets: g.tickets.map((t) => ({ destination: t.destination, tile: t.tile, filled: [...t.filled] })),
    progress: g.progress,
    progressThreshold: solo ? null : g.progressThreshold,
    progressTrain: g.progressTrain < 0 ? null : g.progressTrain,
    players,
    turn: {
      seat: g.turn.seat,
      actionsLeft: g.turn.actionsLeft,
      queue: JSON.parse(g.turn.queueJson) as Task[],
      ending: g.turn.ending,
      number: g.turn.number,
    },
    endTriggered: g.endTriggered,
    finalTurnsLeft: g.finalTurnsLeft < 0 ? null : g.finalTurnsLeft,
    gameOver: g.gameOver,
    result: g.resultReason === ''
      ? null
      : { reason: g.resultReason as 'progress' | 'cards' | 'deck-empty' | 'objective', solo: g.soloOutcome === '' ? null : g.soloOutcome as SoloOutcome },
  };
}
