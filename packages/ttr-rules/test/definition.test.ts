/** The game-definition object and createGame's refusals. */
import { createGame, GameOptionsError, NORTHERN_EUROPE, ttrGame, type GameState } from '../src';

test('createGame refuses bad options with a specific message, and pins the map', () => {
  const bad: [unknown, string][] = [
    [{ players: 1, seed: 's' }, 'players'],
    [{ players: 6, seed: 's' }, 'players'],
    [{ players: 3, seed: '' }, 'seed'],
    [{ players: 3, seed: 's', map: 'atlantis' }, 'no map "atlantis"'],
    [{ players: 3, seed: 's', colour: 'red' }, 'colour'],
  ];
  for (const [options, text] of bad) {
    expect(() => createGame(options as never)).toThrow(GameOptionsError);
    expect(() => createGame(options as never)).toThrow(text);
  }
  const s = createGame({ players: 2, seed: 's', names: ['Ann'] });
  expect(s.options).toEqual({ players: 2, seed: 's', names: ['Ann', ''], map: { id: NORTHERN_EUROPE.id, version: NORTHERN_EUROPE.version, sha256: NORTHERN_EUROPE.sha256 } });
});

test('ttrGame plays a whole game through its interface alone', () => {
  expect(ttrGame).toMatchObject({ id: 'ttr', seats: { min: 2, max: 5 } });
  expect(ttrGame.optionsSchema.safeParse({ players: 5, seed: 'x' }).success).toBe(true);
  expect(ttrGame.actionSchema.safeParse({ type: 'claim', route: 1, pay: { gold: 1 } }).success).toBe(false);
  let s: GameState = ttrGame.setup({ players: 4, seed: 'definition' });
  let steps = 0;
  while (ttrGame.pending(s).length > 0) {
    const seat = ttrGame.pending(s)[0].seat;
    const view = ttrGame.view(s, seat);
    const choices = ttrGame.legal(view, seat);
    const r = ttrGame.apply(s, seat, choices[steps % choices.length]);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    if (++steps > 5000) throw new Error('no end');
  }
  const score = ttrGame.score(ttrGame.view(s, 'spectator'));
  expect(score.players).toHaveLength(4);
  expect(score.winners.length).toBeGreaterThan(0);
  expect(['score', 'tickets', 'bonus-cards', 'shared']).toContain(score.decidedBy);
  expect(ttrGame.simulator(s).gameOver).toBe(true);
});
