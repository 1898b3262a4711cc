/**
 * The test kit, run on both games' definitions: replay gives back the identical state (and notices a log
 * that was tampered with), the leak scan finds a planted leak and passes a clean view, and the property
 * harness plays random games to the end and fails loudly on a definition that breaks a promise.
 */
import { isleGame, type GameState as IsleState } from '@isle-of-trains/rules';
import { ttrGame, type GameState as TtrState } from '@isle-of-trains/ttr-rules';
import {
  assertNoLeaks, assertReplays, assertViewsHide, findLeaks, playRandomGame, randomGames, replay, type Secret,
} from '../src/testkit';
import type { AnyGameDefinition } from '../src';

const GAMES: [string, AnyGameDefinition, number][] = [['isle', isleGame, 3], ['ttr', ttrGame, 4]];

describe.each(GAMES)('%s', (_id, def, players) => {
  const options = { players, seed: `kit-${def.id}` };
  const game = playRandomGame(def, options, 17);

  test('a random game ends, and its seed and log replay to the identical state', () => {
    expect(def.pending(game.state)).toEqual([]);
    expect(game.actions.length).toBeGreaterThan(20);
    expect(JSON.stringify(replay(def, options, game.actions))).toBe(JSON.stringify(game.state));
    expect(() => assertReplays(def, options, game.actions, game.state)).not.toThrow();
  });

  test('replay notices a log that does not lead to the state: another seed, or an action missing', () => {
    expect(() => assertReplays(def, { ...options, seed: 'other' }, game.actions, game.state)).toThrow(/replay/);
    // Without its last action the log replays, to a state that is not the final one.
    expect(() => assertReplays(def, options, game.actions.slice(0, -1), game.state)).toThrow(/gave a different state/);
    // An action given to a seat that is not deciding is refused, and the message names the action.
    let t = def.setup(options);
    let i = 0;
    while (def.pending(t).length !== 1) {
      const r = def.apply(t, game.actions[i].seat, game.actions[i++].action);
      if (!r.ok) throw new Error(r.error.message);
      t = r.state;
    }
    const other = (def.pending(t)[0].seat + 1) % players;
    const wrong = [...game.actions.slice(0, i), { seat: other, action: game.actions[i].action }];
    expect(() => replay(def, options, wrong)).toThrow(new RegExp(`action ${i} of ${i + 1} \\(seat ${other}, .*\\) was refused`));
  });

  test('the property harness plays random games to the end and replays each', () => {
    let games = 0;
    randomGames(def, {
      runs: 2, seed: 42, options: (seed) => ({ players, seed }),
      watch: () => ({ atEnd: () => { games++; } }),
    });
    expect(games).toBe(2);
  });
});

describe('the leak scan', () => {
  const isle = playRandomGame(isleGame, { players: 3, seed: 'leaks' }, 5, { stopAfter: 30 }).state as IsleState;
  const handOf = (s: IsleState, seat: number): Secret[] => s.players[seat].hand!.map((c) => ({ what: `seat ${seat}'s hand card`, value: c }));
  const othersHands = (s: IsleState, viewer: number | 'spectator'): Secret[] =>
    s.players.filter((p) => p.seat !== viewer).flatMap((p) => handOf(s, p.seat));

  test('passes the real views of Isle of Trains, and catches a hand planted in one', () => {
    expect(isle.players[1].hand!.length).toBeGreaterThan(0);
    assertViewsHide(isle, isleGame.view, [0, 1, 2, 'spectator'], othersHands);
    const leaky = (s: IsleState, viewer: number | 'spectator') => ({ ...isleGame.view(s, viewer), debug: { seat1: s.players[1].hand } });
    expect(() => assertViewsHide(isle, leaky, [1], othersHands)).not.toThrow(); // seat 1 may see its own hand
    expect(() => assertViewsHide(isle, leaky, [0], othersHands)).toThrow(`leak: the view of seat 0 shows seat 1's hand card ("${isle.players[1].hand![0]}")`);
    expect(() => assertViewsHide(isle, leaky, ['spectator'], othersHands)).toThrow('leak: the view of a spectator shows');
  });

  test('finds a secret used as a key, and tells whole values from parts of text', () => {
    const card = isle.players[2].hand![0];
    expect(findLeaks({ seen: { [card]: true } }, [{ what: 'a card', value: card }])).toHaveLength(1);
    // A card id inside a longer string is not that card; a seed inside a log line is the seed.
    expect(findLeaks({ note: `${card}x` }, [{ what: 'a card', value: card }])).toEqual([]);
    expect(findLeaks({ note: `seed was ${card}x` }, [{ what: 'the seed', value: card, match: 'part' }])).toHaveLength(1);
  });

  test('catches the generator key planted in a Ticket to Ride view, and passes the real views', () => {
    const ttr = playRandomGame(ttrGame, { players: 2, seed: 'leaks' }, 5, { stopAfter: 10 }).state as TtrState;
    const secrets = (s: TtrState): Secret[] => [
      { what: 'the seed', value: s.options.seed, match: 'part' },
      { what: 'the generator key', value: s.rng.kind === 'chacha20' ? s.rng.key : '', match: 'part' },
      { what: 'the deck', value: 'deck' },
    ];
    assertViewsHide(ttr, ttrGame.view, [0, 1, 'spectator'], secrets);
    const leaky = (s: TtrState, v: number | 'spectator') => ({ ...ttrGame.view(s, v), log: [`shuffled with ${JSON.stringify(s.rng)}`] });
    expect(() => assertViewsHide(ttr, leaky, [0], secrets)).toThrow('leak: the view of seat 0 shows the generator key');
    expect(() => assertNoLeaks({ deck: [] }, secrets(ttr))).toThrow('leak: the view shows the deck');
  });
});

describe('the property harness fails on a definition that breaks a promise', () => {
  const options = { players: 2, seed: 'broken' };

  test('legal actions that differ between the state and the view', () => {
    const broken: AnyGameDefinition = {
      ...isleGame,
      legal: (t, seat) => (t.kind === 'view' ? [...isleGame.legal(t, seat)].reverse() : isleGame.legal(t, seat)),
    };
    expect(() => playRandomGame(broken, options, 1)).toThrow(/legal actions differ between the state and seat \d's view/);
  });

  test('an apply that changes its input state', () => {
    const broken: AnyGameDefinition = {
      ...ttrGame,
      apply: (s: TtrState, seat, action) => {
        const r = ttrGame.apply(s, seat, action);
        s.turn.number += 1;
        return r;
      },
    };
    expect(() => playRandomGame(broken, options, 1)).toThrow('apply changed its input state');
  });

  test('a fast door that disagrees with apply', () => {
    const fast = (initial: TtrState) => {
      const sim = ttrGame.simulator(initial);
      return { get state() { return sim.state; }, apply: (seat: number, action: unknown) => { sim.apply(seat, action as never); sim.state.players[0].routePoints += 1; } };
    };
    expect(() => playRandomGame(ttrGame, options, 1, { fast })).toThrow('apply and the fast door disagree');
    expect(() => playRandomGame(ttrGame, options, 1, { fast: (s) => { const sim = ttrGame.simulator(s); return { get state() { return sim.state; }, apply: (seat, a) => sim.apply(seat, a) }; } })).not.toThrow();
  });

  test('a game that does not end', () => {
    expect(() => playRandomGame(isleGame, options, 1, { maxActions: 15 })).toThrow('the game did not end after 15 actions');
  });

  test('a score without winners', () => {
    const broken: AnyGameDefinition = { ...isleGame, score: (t) => ({ ...isleGame.score(t), winners: [] }) };
    expect(() => playRandomGame(broken, options, 1)).toThrow("the score's winners [] are not seats of the game");
  });
});
