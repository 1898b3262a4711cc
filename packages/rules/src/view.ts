/** playerView: exactly what one seat (or a spectator) may see of a game. */
import { clone } from './clone';
import { progressThreshold } from './catalogue';
import type { GameState, PlayerView, PlayerViewPlayer, Viewer } from './types';

export function playerView(state: GameState, viewer: Viewer): PlayerView {
  if (state.kind !== 'state') throw new Error('playerView needs the full game state');
  if (viewer !== 'spectator' && (!Number.isInteger(viewer) || viewer < 0 || viewer >= state.players.length)) {
    throw new Error(`no seat ${String(viewer)} in this game`);
  }
  const o = state.options;
  const players: PlayerViewPlayer[] = state.players.map((p) => {
    const own = viewer === p.seat;
    return {
      seat: p.seat,
      name: p.name,
      hand: own ? [...p.hand] : null,
      handCount: p.hand.length,
      // A face-down card is known only to the seat that loaded it; everyone else, the car's owner
      // included, sees just the car's type (the card came from the loader's hand).
      train: p.train.map((c) => ({
        card: c.card,
        loads: c.loads.map((l) => (l.kind === 'card' && l.faceDown && l.by !== viewer ? { ...l, card: null } : { ...l })),
      })),
      buildings: [...p.buildings],
      islands: p.islands.map((i) => ({ ...i })),
      supply: [...p.supply],
      vp: p.vp,
      delivered: { ...p.delivered },
    };
  });
  return {
    kind: 'view',
    version: 1,
    viewer,
    options: {
      players: o.players,
      mode: o.players === 1 ? o.mode ?? 'challenge' : 'multiplayer',
      scenario: o.scenario ?? null,
      names: state.players.map((p) => p.name),
    },
    deckCount: state.deck.length,
    discardCount: state.discard.length,
    discardTop: state.discard.length > 0 ? state.discard[state.discard.length - 1] : null,
    display: [...state.display],
    bagCount: state.bag.length,
    islandsOnMap: [...state.islandsOnMap],
    tickets: state.tickets.map((t) => ({ ...t, filled: [...t.filled] })),
    progress: state.progress,
    progressThreshold: o.players === 1 ? null : progressThreshold(o.players),
    progressTrain: state.progressTrain,
    players,
    turn: clone(state.turn),
    endTriggered: state.endTriggered,
    finalTurnsLeft: state.finalTurnsLeft,
    gameOver: state.gameOver,
    result: state.result ? { ...state.result } : null,
  };
}
