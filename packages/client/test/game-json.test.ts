/**
 * gameJSONFromView and viewFromState are the two directions of one mapping: along random games, the room
 * state built for a seat (its private part only, as the web client's replay viewer builds it) turns back
 * into exactly that seat's rules view, and a spectator's into the spectator view. The server's mirror
 * encodes the same JSON (packages/server/test/mirror.test.ts).
 */
import {
  applyAction, createGame, currentDecision, legalActions, playerView, type GameOptions, type GameState,
} from '@isle-of-trains/rules';
import { gameJSONFromView, privatePart, viewFromState, type IsleStateJSON, type Viewer } from '@isle-of-trains/client/protocol';

/** The state one viewer receives: the game, and the room fields viewFromState reads. */
function stateFor(game: GameState, viewer: Viewer): IsleStateJSON {
  const view = playerView(game, 'spectator');
  return {
    phase: game.gameOver ? 'ended' : 'playing', code: '', seatsTotal: game.players.length, mode: view.options.mode,
    scenario: view.options.scenario ?? 0, isPrivate: false, turnTimeLimit: 0, decisionDeadline: 0, botLevel: 'greedy', seats: [],
    rated: false, seedHash: '', seed: '', log: [], scoresJson: '', soloJson: '', spectators: [], undoable: 0,
    game: gameJSONFromView(view, game.players.map((_, seat) => (seat === viewer ? privatePart(game, seat) : undefined))),
  };
}

function check(options: GameOptions, stepEvery: number): number {
  let game = createGame(options);
  let x = 0x2545f491; // seeded choices, so a failure repeats
  const pick = (n: number) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
  const viewers: Viewer[] = [...game.players.map((p) => p.seat), 'spectator'];
  let steps = 0;
  while (!game.gameOver && steps < 4000) {
    if (steps % stepEvery === 0) for (const v of viewers) expect(viewFromState(stateFor(game, v), v)).toEqual(playerView(game, v));
    const d = currentDecision(game)!;
    const legal = legalActions(game, d.seat);
    const choices = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
    const r = applyAction(game, d.seat, choices[pick(choices.length)]);
    if (!r.ok) throw new Error(r.error.code);
    game = r.state;
    steps++;
  }
  expect(game.gameOver).toBe(true);
  for (const v of viewers) expect(viewFromState(stateFor(game, v), v)).toEqual(playerView(game, v));
  return steps;
}

test('a 3-player game: every seat and a spectator get their own view back', () => {
  expect(check({ players: 3, seed: 'game-json-3', names: ['A', 'B', 'C'] }, 2)).toBeGreaterThan(100);
});

test('solo games (Challenge and a scenario)', () => {
  check({ players: 1, seed: 'game-json-c', names: ['S'] }, 3);
  check({ players: 1, seed: 'game-json-s', names: ['S'], mode: 'scenario', scenario: 4 }, 3);
});

test('a seat\'s private part: its hand, and the face-down cards it loaded in table order', () => {
  const game = createGame({ players: 2, seed: 'game-json-p' });
  expect(privatePart(game, 1)).toEqual({ hand: game.players[1].hand, faceDownCards: [] });
  expect(() => gameJSONFromView(playerView(game, 0), [])).toThrow(/spectator view/);
});
