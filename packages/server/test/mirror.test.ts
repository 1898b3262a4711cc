/**
 * Unit tests without a network: the schema mirror rebuilds every seat's PlayerView exactly, puts no
 * private data where others could see it, and the bots behind the room choose legal actions.
 */
import {
  applyAction, createGame, currentDecision, legalActions, playerView, type GameOptions, type GameState,
} from '@isle-of-trains/rules';
import { mirrorState, privatePart } from '../src/wire/mirror';
import { gameJSONFromView, gameWire, stateFromWire, viewFromState, type CarJSON, type IsleStateJSON, type IsleStateWire } from '@isle-of-trains/client';
import { GameSchema, IsleState } from '../src/wire/schema';
import { packageBots, randomBot, BOT_LEVELS } from '../src/bots/bots';
import { loadConfig } from '../src/ops/config';
import { CreateOptionsSchema, DisplayName, JoinOptionsSchema } from '../src/wire/options';

function mirrored(game: GameState, mode: string, scenario = 0) {
  const s = new IsleState();
  s.seatsTotal = game.players.length;
  s.mode = mode;
  s.scenario = scenario;
  s.phase = 'playing';
  s.game = new GameSchema();
  return s;
}

/** What `seat` would decode: its own private fields, nobody else's. */
function asSeenBy(s: InstanceType<typeof IsleState>, seat: number | 'spectator'): IsleStateJSON {
  const json = stateFromWire(s.toJSON() as IsleStateWire);
  for (const p of json.game!.players) {
    if (p.seat !== seat) {
      delete p.hand;
      delete p.faceDownCards;
    }
  }
  return json;
}

function playRandomGame(options: Parameters<typeof createGame>[0], mode: string, check: (s: InstanceType<typeof IsleState>, g: GameState) => void) {
  let game = createGame(options);
  const s = mirrored(game, mode, options.scenario ?? 0);
  let steps = 0;
  // Seeded choices: the server's randomBot draws from crypto, and an unseeded random 3-player game now and
  // then ran past the step cap, so the test failed by chance.
  let x = 0x9e3779b9;
  const pick = (n: number) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
  // The rooms' mirror (mirrorState: seats an action left alone are not copied again); every check
  // compares it with the whole mapping of the state.
  const sync = () => mirrorState(s.game!, game);
  sync();
  check(s, game);
  while (!game.gameOver && steps < 4000) {
    const d = currentDecision(game)!;
    const legal = legalActions(playerView(game, d.seat), d.seat);
    const choices = legal.length > 1 ? legal.filter((a) => a.type !== 'returnCard') : legal;
    const action = choices[pick(choices.length)];
    const r = applyAction(game, d.seat, action);
    if (!r.ok) throw new Error(r.error.code);
    game = r.state;
    steps++;
    sync();
    if (steps % 3 === 0 || game.gameOver) check(s, game);
  }
  expect(game.gameOver).toBe(true);
  return steps;
}

describe('mirror', () => {
  it('rebuilds each seat\'s PlayerView exactly, through a whole 3-player game', () => {
    const steps = playRandomGame({ players: 3, seed: 'mirror-3', names: ['A', 'B', 'C'] }, 'multiplayer', (s, game) => {
      for (const viewer of [0, 1, 2, 'spectator'] as const) {
        const view = viewFromState(asSeenBy(s, viewer), viewer);
        expect(view).toEqual(playerView(game, viewer));
      }
      const d = currentDecision(game)!;
      if (d) expect(legalActions(viewFromState(asSeenBy(s, d.seat), d.seat)!, d.seat)).toEqual(legalActions(game, d.seat));
      // The schema holds exactly the client package's mapping, the one the web client's replay viewer uses too.
      expect(s.game!.toJSON()).toEqual(gameWire(gameJSONFromView(playerView(game, 'spectator'), game.players.map((_, i) => privatePart(game, i)))));
    });
    expect(steps).toBeGreaterThan(100);
  });

  it('rebuilds solo views (Challenge and a scenario)', () => {
    const cases: [GameOptions, string][] = [
      [{ players: 1, seed: 'solo-c', names: ['S'] }, 'challenge'],
      [{ players: 1, seed: 'solo-s', names: ['S'], mode: 'scenario', scenario: 5 }, 'scenario'],
    ];
    for (const [opts, mode] of cases) {
      playRandomGame(opts, mode, (s, game) => {
        expect(viewFromState(asSeenBy(s, 0), 0)).toEqual(playerView(game, 0));
      });
    }
  });

  it('never puts a face-down card id in the public train; the loader alone gets it', () => {
    let faceDown = 0;
    let onOthersTrain = 0;
    for (const seed of ['fd-1', 'fd-2', 'fd-3', 'fd-4']) {
      playRandomGame({ players: 3, seed }, 'multiplayer', (s, game) => {
        const hidden = game.players.flatMap((q) => q.train.flatMap((c) => c.loads.flatMap((l) => (l.kind === 'card' && l.faceDown && l.card ? [l.card] : []))));
        const decoded = stateFromWire(s.toJSON() as IsleStateWire).game!;
        s.game!.players.forEach((p, seat) => {
          const loaded = game.players.flatMap((q) => q.train.flatMap((c) => c.loads.flatMap((l) => (l.kind === 'card' && l.faceDown && l.by === seat ? [l.card] : []))));
          expect(JSON.parse(p.faceDownJson)).toEqual(loaded);
          // The public train's text names no face-down card, whatever its wire form.
          for (const text of p.trainJson) expect(hidden.filter((id) => text.includes(`"${id}"`))).toEqual([]);
          decoded.players[seat].train.forEach((car: CarJSON, ci) => car.loads.forEach((l, li) => {
            const truth = game.players[seat].train[ci].loads[li];
            if (!l.faceDown) return;
            faceDown++;
            expect(l.card).toBe('');
            expect(truth.kind === 'card' && l.by === truth.by).toBe(true);
            if (l.by !== seat) onOthersTrain++;
          }));
        });
      });
    }
    expect(faceDown).toBeGreaterThan(0);
    expect(onOthersTrain).toBeGreaterThan(0);
  });
});

describe('bots', () => {
  it('every level of the bots package returns a legal action from a view', () => {
    const game = createGame({ players: 2, seed: 'bots' });
    for (const level of BOT_LEVELS) {
      const bot = packageBots(level);
      const action = bot.chooseAction({ view: playerView(game, 0), seat: 0, history: [] });
      expect(applyAction(game, 0, action).ok).toBe(true);
    }
  });
});

describe('options and config', () => {
  it('validates names, create and join options', () => {
    expect(DisplayName.parse('  Ada\n  Lovelace ')).toBe('Ada Lovelace');
    expect(DisplayName.safeParse('\u0000\u0001').success).toBe(false);
    expect(CreateOptionsSchema.parse({})).toMatchObject({ seats: 2, bots: 0, botLevel: 'greedy', private: false, turnTimeLimit: 0 });
    expect(CreateOptionsSchema.safeParse({ seats: 1, mode: 'scenario', scenario: 11 }).success).toBe(false);
    expect(CreateOptionsSchema.safeParse({ seats: 1, mode: 'scenario', scenario: 10 }).success).toBe(true);
    expect(CreateOptionsSchema.safeParse({ seats: 4, bots: 3 }).success).toBe(true);
    expect(JoinOptionsSchema.safeParse({ seatToken: 5 }).success).toBe(false);
  });

  it('reads settings from the environment with defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 2567, RECONNECT_SECONDS: 120, BOT_DELAY_MS: 600, LOG_LEVEL: 'info' });
    expect(loadConfig({ PORT: '3000', BOT_DELAY_MS: '0' })).toMatchObject({ PORT: 3000, BOT_DELAY_MS: 0 });
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
