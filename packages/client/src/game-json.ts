/**
 * The one mapping the other way: the rules' public view (plus each seat's private part) → the `game`
 * field of the room state. The server's schema mirror encodes exactly this (packages/server/src/mirror.ts
 * copies it into the schema); the web client's replay viewer and preview build their room states with
 * it; {@link viewFromState} undoes it. Pure, and without zod or the SDK.
 */
import { currentDecision, type GameState, type Load, type PlayerView, type PlayerViewPlayer } from '@isle-of-trains/rules';
import type { GameJSON, LoadJSON, PlayerJSON } from './state';

/** What only one seat may see. */
export interface PrivatePart {
  /** The seat's hand. */
  hand: string[];
  /**
   * Ids of the face-down cards this seat loaded, wherever they lie, in table order (seat by seat,
   * car by car, load by load). Only the loader knows them (rules: `playerView`), not the train's owner.
   */
  faceDownCards: string[];
}

/** The private part of `seat`, read from the full rules state (the server's, or a replayed game's). */
export function privatePart(state: GameState, seat: number): PrivatePart {
  const faceDownCards: string[] = [];
  for (const p of state.players) {
    for (const car of p.train) {
      for (const l of car.loads) if (l.kind === 'card' && l.faceDown && l.by === seat && l.card !== null) faceDownCards.push(l.card);
    }
  }
  return { hand: [...state.players[seat].hand], faceDownCards };
}

function loadJSON(l: Load): LoadJSON {
  if (l.kind === 'passenger') return { kind: 'passenger', card: '', as: '', faceDown: false, passenger: l.id, by: -1 };
  // A face-down card is public only as its type and its loader (the loader reads faceDownCards).
  return { kind: 'card', card: l.faceDown ? '' : l.card ?? '', as: l.as, faceDown: l.faceDown, passenger: '', by: l.faceDown ? l.by ?? -1 : -1 };
}

function playerJSON(p: PlayerViewPlayer, priv: PrivatePart | undefined): PlayerJSON {
  return {
    seat: p.seat,
    name: p.name,
    handCount: p.handCount,
    hand: priv ? [...priv.hand] : [],
    faceDownCards: priv ? [...priv.faceDownCards] : [],
    train: p.train.map((c) => ({ card: c.card, loads: c.loads.map(loadJSON) })),
    buildings: [...p.buildings],
    islands: p.islands.map((i) => ({ island: i.island, secondary: i.secondary ?? -1 })),
    supply: [...p.supply],
    vp: p.vp,
    delivered: { ...p.delivered },
  };
}

/**
 * The room state's `game` for a spectator view (`playerView(state, 'spectator')`, public by
 * construction) and the private parts of the seats whose hands belong in it (`privates[seat]`; a seat
 * without one gets an empty hand). The server fills every seat and lets each connection see only its own.
 */
export function gameJSONFromView(view: PlayerView, privates: readonly (PrivatePart | undefined)[]): GameJSON {
  if (view.viewer !== 'spectator') throw new Error('gameJSONFromView needs a spectator view');
  return {
    deckCount: view.deckCount,
    discardCount: view.discardCount,
    discardTop: view.discardTop ?? '',
    display: [...view.display],
    bagCount: view.bagCount,
    islandsOnMap: [...view.islandsOnMap],
    tickets: view.tickets.map((t) => ({ destination: t.destination, tile: t.tile, filled: [...t.filled] })),
    progress: view.progress,
    progressThreshold: view.progressThreshold ?? 0,
    progressTrain: view.progressTrain ?? -1,
    endTriggered: view.endTriggered,
    finalTurnsLeft: view.finalTurnsLeft ?? -1,
    gameOver: view.gameOver,
    resultReason: view.result?.reason ?? '',
    soloOutcome: view.result?.solo ?? (view.options.players === 1 ? 'playing' : ''),
    turn: {
      seat: view.turn.seat,
      actionsLeft: view.turn.actionsLeft,
      number: view.turn.number,
      ending: view.turn.ending,
      queueJson: JSON.stringify(view.turn.queue),
    },
    decisionJson: JSON.stringify(currentDecision(view)),
    players: view.players.map((p) => playerJSON(p, privates[p.seat])),
  };
}
