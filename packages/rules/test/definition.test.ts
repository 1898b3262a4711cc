/** isleGame: this game in the shape of engine-core's GameDefinition, reaching the functions the package exports. */
import { playRandomGame } from '@isle-of-trains/engine-core/testkit';
import { createGame, currentDecision, isleGame, legalActions, playerView, RULES_VERSION, scoreBreakdown } from '../src';

test('names the game, its rules version and its seats, and checks options and actions with the package schemas', () => {
  expect(isleGame).toMatchObject({ id: 'isle', rulesVersion: RULES_VERSION, seats: { min: 1, max: 4 } });
  expect(typeof RULES_VERSION).toBe('string');
  expect(isleGame.optionsSchema.safeParse({ players: 4, seed: 'x' }).success).toBe(true);
  expect(isleGame.optionsSchema.safeParse({ players: 5, seed: 'x' }).success).toBe(false);
  expect(isleGame.actionSchema.safeParse({ type: 'take', from: 'deck' }).success).toBe(true);
  expect(isleGame.actionSchema.safeParse({ type: 'take', from: 'hand' }).success).toBe(false);
  expect(isleGame.setup({ players: 2, seed: 'same' })).toEqual(createGame({ players: 2, seed: 'same' }));
});

test('pending is the current decision as a list: one seat while the game runs, none once it is over', () => {
  const { initial, state } = playRandomGame(isleGame, { players: 2, seed: 'pending' }, 3);
  expect(isleGame.pending(initial)).toEqual([currentDecision(initial)]);
  expect(isleGame.pending(playerView(initial, 1))).toEqual([currentDecision(initial)]);
  expect(state.gameOver).toBe(true);
  expect(isleGame.pending(state)).toEqual([]);
  const seat = currentDecision(initial)!.seat;
  expect(isleGame.legal(initial, seat)).toEqual(legalActions(initial, seat));
  const b = scoreBreakdown(state);
  expect(isleGame.score(playerView(state, 'spectator'))).toEqual({
    players: b.players.map((p) => ({ seat: p.seat, total: p.total })), winners: b.winners, decidedBy: b.decidedBy, detail: b,
  });
});
