/**
 * The second game's `game` part (src/ttr): along random 2–5 seat games, for every seat, the spectator and
 * every step, the view a client rebuilds from what it decodes equals the server's own `playerView`, and
 * `legalActions`, `pending` and `payments` give the same answers on it. What a seat decodes is the wire form
 * with every other seat's owner-only fields empty, as the server's StateView sends it (its byte-level proof
 * is packages/server/test/ttr-wire.test.ts). Also: wire text that is not what it should be is defaulted,
 * never thrown on, and the create options refuse what they do not know.
 */
import * as fs from 'fs';
import * as path from 'path';
import { fastRng, randomInt } from '@isle-of-trains/engine-core';
import {
  applyAction, createGame, legalActions, payments, pending, playerView, NORTHERN_EUROPE, type GameState,
} from '@isle-of-trains/ttr-rules';
import { TTR_BOT_LEVELS as BOTS_TTR_LEVELS } from '@isle-of-trains/bots';
import {
  CreateOptionsSchema, TTR_BOT_LEVELS, TTR_RULE_ERROR_CODES, TTR_CREATE_OPTION_KEYS, TTR_ROOM_NAME, TtrCreateOptionsSchema,
  ttrGameFromWire, ttrGameJSONFromView, ttrGameWire, ttrPrivatePart, ttrViewFromGame, ttrViewFromState, type TtrGameWire,
} from '@isle-of-trains/client/protocol';

/** The wire form `viewer` decodes: the owner-only fields of every other seat empty, through JSON text. */
function decodedBy(wire: TtrGameWire, viewer: number | 'spectator'): TtrGameWire {
  const copy = JSON.parse(JSON.stringify(wire)) as TtrGameWire;
  for (const p of copy.players) {
    if (p.seat === viewer) continue;
    p.hand = [];
    p.ticketsJson = '[]';
    p.offerJson = '[]';
  }
  return copy;
}

function checkStep(game: GameState): { legalChecked: number } {
  const spectator = playerView(game, 'spectator');
  const json = ttrGameJSONFromView(spectator, game.players.map((_, s) => ttrPrivatePart(game, s)));
  const wire = ttrGameWire(json);
  expect(ttrGameFromWire(JSON.parse(JSON.stringify(wire)) as TtrGameWire)).toEqual(json);
  let legalChecked = 0;
  for (const viewer of [...game.players.map((p) => p.seat), 'spectator' as const]) {
    const server = playerView(game, viewer);
    const rebuilt = ttrViewFromGame(ttrGameFromWire(decodedBy(wire, viewer)), viewer);
    // Equal as text: a client may compare views as JSON, so key order matters too. (A failure is shown as an
    // object diff: jest's diff of two long one-line strings takes minutes.)
    if (JSON.stringify(rebuilt) !== JSON.stringify(server)) {
      expect(rebuilt).toEqual(server);
      throw new Error(`seat ${viewer}: the rebuilt view has its keys in another order than the server's`);
    }
    expect(pending(rebuilt)).toEqual(pending(server));
    if (viewer === 'spectator') continue;
    const legal = legalActions(rebuilt, viewer);
    expect(legal).toEqual(legalActions(server, viewer));
    legalChecked += legal.length;
    for (const a of legal) if (a.type === 'claim') expect(payments(rebuilt, viewer, a.route)).toEqual(payments(server, viewer, a.route));
  }
  return { legalChecked };
}

describe('the second game\'s room state', () => {
  it.each([2, 3, 4, 5])('rebuilds every seat\'s view and its legal moves at every step of a random %i-seat game', (players) => {
    let game = createGame({ players, seed: `ttr-wire-${players}`, names: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'].slice(0, players) });
    const rng = fastRng([players, 0x9e3779b9, 7, 11]);
    let steps = 0;
    let legalChecked = 0;
    let sawParallel = false;
    let sawClaim = false;
    for (;;) {
      legalChecked += checkStep(game).legalChecked;
      const deciding = pending(game);
      if (deciding.length === 0) break;
      sawParallel ||= deciding.length > 1;
      const seat = deciding[randomInt(rng, deciding.length)].seat;
      const legal = legalActions(game, seat);
      const action = legal[randomInt(rng, legal.length)];
      sawClaim ||= action.type === 'claim';
      const r = applyAction(game, seat, action);
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      game = r.state;
      steps++;
    }
    expect(game.gameOver).toBe(true);
    expect(steps).toBeGreaterThan(50);
    expect(legalChecked).toBeGreaterThan(steps);
    expect({ sawParallel, sawClaim }).toEqual({ sawParallel: true, sawClaim: true });
  });

  it('shows every hand and ticket once the game is over, and the final count', () => {
    let game = createGame({ players: 3, seed: 'ttr-wire-end' });
    const rng = fastRng([3, 5, 7, 11]);
    while (!game.gameOver) {
      const seat = pending(game)[0].seat;
      const legal = legalActions(game, seat);
      const r = applyAction(game, seat, legal[randomInt(rng, legal.length)]);
      if (!r.ok) throw new Error(r.error.code);
      game = r.state;
    }
    // No private part at all: the public part alone carries the reveal.
    const json = ttrGameJSONFromView(playerView(game, 'spectator'), []);
    expect(json.players.every((p) => p.shown !== null && p.hand === undefined)).toBe(true);
    expect(json.scores?.final).toBe(true);
    expect(json.pending).toEqual([]);
    expect(json.bonus.every((b) => b.measures.every((m) => m >= 0))).toBe(true);
    const back = ttrGameFromWire(JSON.parse(JSON.stringify(ttrGameWire(json))) as TtrGameWire);
    expect(ttrViewFromGame(back, 'spectator')).toEqual(playerView(game, 'spectator'));
  });

  it('marks completed tickets as the server does (random games seldom complete one)', () => {
    let game = createGame({ players: 3, seed: 'ttr-wire-completed' });
    for (const d of pending(game)) {
      const r = applyAction(game, d.seat, { type: 'keepTickets', keep: game.players[d.seat].offer! });
      if (!r.ok) throw new Error(r.error.code);
      game = r.state;
    }
    // Every route to seat 0 but every third one to seat 1: all of seat 0's tickets join, and some of seat 1's.
    // (Without Nordic Express: the longest trail of a hundred routes is far beyond any real game's and takes ages.)
    game = {
      ...game,
      claims: Object.fromEntries(NORTHERN_EUROPE.routes.map((r) => [String(r.id), r.id % 3 === 0 ? 1 : 0])),
      bonusCards: ['ferry-master', 'capital-investment', 'snowplow', 'wild-west'],
    };
    checkStep(game);
    expect(playerView(game, 0).players[0].tickets!.every((t) => t.completed)).toBe(true);
  });

  it('a claim changes one entry of the claims, indexed by route', () => {
    const game = createGame({ players: 2, seed: 'ttr-claims' });
    const json = ttrGameJSONFromView(playerView(game, 'spectator'), []);
    expect(json.claims).toHaveLength(NORTHERN_EUROPE.routes.length);
    expect(json.claims.every((c) => c === -1)).toBe(true);
    expect(NORTHERN_EUROPE.routes.every((r, i) => r.id === i + 1)).toBe(true);
  });

  it('keeps the opening choice of several seats at once in `pending`, offers only in the owner\'s part', () => {
    const game = createGame({ players: 4, seed: 'ttr-opening' });
    const json = ttrGameJSONFromView(playerView(game, 'spectator'), game.players.map((_, s) => ttrPrivatePart(game, s)));
    expect(json.pending.map((d) => [d.seat, d.kind])).toEqual([[0, 'keepTickets'], [1, 'keepTickets'], [2, 'keepTickets'], [3, 'keepTickets']]);
    expect(json.players.map((p) => p.offerCount)).toEqual([4, 4, 4, 4]);
    expect(json.players[2].offer).toEqual(game.players[2].offer);
    const wire = decodedBy(ttrGameWire(json), 1);
    expect(wire.players.map((p) => (JSON.parse(p.offerJson) as number[]).length)).toEqual([0, 4, 0, 0]);
  });

  it('defaults text that is not what it should be, never throws on it', () => {
    const game = createGame({ players: 2, seed: 'ttr-bad' });
    const wire = ttrGameWire(ttrGameJSONFromView(playerView(game, 'spectator'), []));
    const bad = { ...wire, discardCountsJson: '{', bonusJson: ['nope', '{"card":1}'], pendingJson: 'x', scoresJson: '[]', players: wire.players.map((p) => ({ ...p, shownJson: '{', hand: [1, 2], ticketsJson: '{"a":1}', offerJson: '[3,"x",null,4]' })) };
    const back = ttrGameFromWire(bad);
    expect(back.discardCounts.loco).toBe(0);
    expect(back.bonus).toHaveLength(2);
    expect(back.pending).toEqual([]);
    expect(back.scores).toBeNull();
    expect(back.players.every((p) => p.shown === null && p.hand === undefined)).toBe(true);
    expect(back.players.map((p) => [p.tickets, p.offer])).toEqual([[[], [3, 4]], [[], [3, 4]]]);
    expect(ttrViewFromState({ phase: 'lobby', game: back }, 0)).toBeNull();
    expect(ttrViewFromState({ phase: 'playing' }, 0)).toBeNull();
  });
});

describe('the second game\'s create options', () => {
  it('has its own room name and defaults', () => {
    expect(TTR_ROOM_NAME).toBe('ttr');
    expect(TtrCreateOptionsSchema.parse({})).toEqual({ seats: 2, private: false, bots: 0, botLevel: 'greedy', turnTimeLimit: 0, map: NORTHERN_EUROPE.id });
    expect(TtrCreateOptionsSchema.parse({ seats: 5, bots: 4, botLevel: 'random', name: '  Ann ' })).toMatchObject({ seats: 5, bots: 4, name: 'Ann' });
    expect(TTR_CREATE_OPTION_KEYS).toEqual(['seats', 'private', 'bots', 'botLevel', 'turnTimeLimit', 'map', 'name', 'identity']);
    // Every level the bots package has for this game is offered at a table, the strong one included (the
    // server runs it in its bot worker threads).
    expect([...TTR_BOT_LEVELS]).toEqual([...BOTS_TTR_LEVELS]);
    expect(TtrCreateOptionsSchema.parse({ bots: 1, botLevel: 'strong' })).toMatchObject({ botLevel: 'strong' });
  });

  it.each([
    [{ seats: 1 }, 'seats'], [{ seats: 6 }, 'seats'], [{ seats: 3, bots: 3 }, 'bots'], [{ bots: 5, seats: 5 }, 'bots'],
    [{ botLevel: 'expert' }, 'botLevel'], [{ map: 'atlantis' }, 'map'], [{ mode: 'scenario' }, 'mode'], [{ bot: 1 }, 'bot'],
    [{ turnTimeLimit: -1 }, 'turnTimeLimit'], [{ name: '\u202Eevil' }, 'name'],
  ])('refuses %j, naming %s', (options, key) => {
    const r = TtrCreateOptionsSchema.safeParse(options);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error!.issues)).toContain(key);
  });

  it('leaves Isle\'s create options as they were', () => {
    expect(CreateOptionsSchema.safeParse({ seats: 5 }).success).toBe(false);
    expect(CreateOptionsSchema.safeParse({ seats: 1 }).success).toBe(true);
  });
});

describe('docs/PROTOCOL.md, the second game\'s section', () => {
  const text = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'PROTOCOL.md'), 'utf8');
  const section = (heading: string): string => {
    const start = text.indexOf(`\n${heading}\n`);
    expect(start).toBeGreaterThan(0);
    const rest = text.slice(start + heading.length + 2);
    const end = rest.search(/\n#{2,3} /);
    return end < 0 ? rest : rest.slice(0, end);
  };

  it('lists exactly the rules\' refusal codes', () => {
    const rows = [...section('### `ttr`: refusal codes').matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(rows.sort()).toEqual([...TTR_RULE_ERROR_CODES].sort());
  });

  it('shows every create option and describes every field of the game part', () => {
    const create = section('### `ttr`: create');
    for (const key of TTR_CREATE_OPTION_KEYS) expect(create).toMatch(new RegExp(`^  ${key}:`, 'm'));
    const fields = section('### `ttr`: the state\'s `game` part');
    const game = createGame({ players: 2, seed: 'ttr-doc' });
    const wire = ttrGameWire(ttrGameJSONFromView(playerView(game, 'spectator'), game.players.map((_, s) => ttrPrivatePart(game, s))));
    const names = [...Object.keys(wire), ...Object.keys(wire.players[0]), ...Object.keys(wire.turn)];
    // A list field may be written `name[]`.
    for (const name of names) expect([`\`${name}\``, `\`${name}[]\``].some((x) => fields.includes(x)) ? name : `${name}: not described`).toBe(name);
  });
});
