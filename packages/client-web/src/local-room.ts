/**
 * A room state built from a full rules game, shaped like the server's (docs/PROTOCOL.md):
 * used by the offline preview page and by the unit tests. Pure.
 */
import { currentDecision, playerView, scoreBreakdown, soloStatus, type GameState } from '@isle-of-trains/rules';
import type { IsleStateJSON } from '@isle-of-trains/client';

/** What seat `viewer` would receive: own hand only, others' face-down loads hidden. */
export function roomFromState(s: GameState, viewer: number | null, extra: Partial<IsleStateJSON> = {}): IsleStateJSON {
  const v = playerView(s, viewer ?? 'spectator');
  const solo = soloStatus(s);
  return {
    phase: s.gameOver ? 'ended' : 'playing',
    code: 'ABCD',
    seatsTotal: s.players.length,
    mode: v.options.mode,
    scenario: v.options.scenario ?? 0,
    isPrivate: false,
    turnTimeLimit: 0,
    decisionDeadline: 0,
    botLevel: 'greedy',
    seats: s.players.map((p) => ({ index: p.seat, name: p.name, kind: 'human', connected: true, botPlaying: false, isCreator: p.seat === 0, playerId: '', account: false })),
    rated: false,
    seedHash: 'ff',
    seed: s.gameOver ? s.options.seed : '',
    game: {
      deckCount: v.deckCount,
      discardCount: v.discardCount,
      discardTop: v.discardTop ?? '',
      display: v.display,
      bagCount: v.bagCount,
      islandsOnMap: v.islandsOnMap,
      tickets: v.tickets,
      progress: v.progress,
      progressThreshold: v.progressThreshold ?? 0,
      progressTrain: v.progressTrain ?? -1,
      endTriggered: v.endTriggered,
      finalTurnsLeft: v.finalTurnsLeft ?? -1,
      gameOver: v.gameOver,
      resultReason: v.result?.reason ?? '',
      soloOutcome: v.result?.solo ?? '',
      turn: { seat: v.turn.seat, actionsLeft: v.turn.actionsLeft, number: v.turn.number, ending: v.turn.ending, queueJson: JSON.stringify(v.turn.queue) },
      decisionJson: JSON.stringify(currentDecision(s)),
      players: v.players.map((p) => ({
        seat: p.seat,
        name: p.name,
        handCount: p.handCount,
        hand: p.hand ?? [],
        // The face-down cards the viewer loaded, on any train, in table order (as the server sends them).
        faceDownCards: p.seat === viewer
          ? v.players.flatMap((q) => q.train.flatMap((c) => c.loads.flatMap((l) => (l.kind === 'card' && l.faceDown && l.by === viewer && l.card ? [l.card] : []))))
          : [],
        train: p.train.map((c) => ({
          card: c.card,
          loads: c.loads.map((l) => l.kind === 'passenger'
            ? { kind: 'passenger', card: '', as: '', faceDown: false, passenger: l.id, by: -1 }
            : { kind: 'card', card: l.faceDown ? '' : l.card ?? '', as: l.as, faceDown: l.faceDown, passenger: '', by: l.faceDown ? l.by ?? -1 : -1 }),
        })),
        buildings: p.buildings,
        islands: p.islands.map((i) => ({ island: i.island, secondary: i.secondary ?? -1 })),
        supply: p.supply,
        vp: p.vp,
        delivered: p.delivered,
      })),
    },
    log: [{ n: 1, seat: -1, type: 'start', text: 'The game begins.' }],
    scoresJson: s.gameOver ? JSON.stringify(scoreBreakdown(s)) : '',
    soloJson: solo ? JSON.stringify(solo) : '',
    spectators: [],
    undoable: 0,
    ...extra,
  };
}
