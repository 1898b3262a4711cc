/**
 * The simulator and the public API are two doors to one rules core: over random games of every player
 * count (and the solo modes), after every action the simulator's state equals applyAction's, applyAction
 * has left its input untouched, both list the same legal actions, and every listed action passes the exact-shape check (so applyAction never needs zod
 * for it). Along the way two shortcuts of the core are checked against the slow definitions they replace:
 * legalActions lists exactly one action per real choice of the every-copy list, hasBonusUse answers
 * "does legalActions offer more than skip?", and hasDeliveryStep answers "does deliverySteps list anything?".
 */
import fc from 'fast-check';
import {
  applyAction, createGame, createSimulator, currentDecision, fastRng, legalActions, randomInt, type GameOptions, type GameState,
} from '../src';
import { isExactAction } from '../src/actions';
import { oneActionPerChoice } from '../src/choices';
import { cloneState } from '../src/clone';
import { hasBonusUse } from '../src/legal';
import { locations } from '../src/table';
import { deliverySteps, hasDeliveryStep, newProgress } from '../src/validate';
import type { DeliveryProgress } from '../src/types';
import type { BonusKind } from '../src/catalogue';

const RUNS = Number(process.env.SIM_RUNS ?? 8);
const BONUSES: BonusKind[] = ['A', 'L', 'B', 'D', 'LD'];

function checkDeliveryShortcut(s: GameState, seat: number, prog: DeliveryProgress): void {
  const listed = deliverySteps(s, seat, prog).length > 0;
  if (hasDeliveryStep(s, seat) !== listed) throw new Error(`hasDeliveryStep says ${!listed}, deliverySteps says ${listed} (at ${prog.at})`);
}

function checkShortcuts(s: GameState, seat: number): void {
  // A delivery could start anywhere: the shortcut must hold for every place, not only where deliveries happen.
  for (const at of locations(s)) checkDeliveryShortcut(s, seat, newProgress(at));
  const listed = legalActions(s, seat);
  const slow = oneActionPerChoice(s, seat, legalActions(s, seat, { everyCopy: true }));
  expect(listed).toEqual(slow);
  if (currentDecision(s)!.kind !== 'action') return;
  for (const bonus of BONUSES) {
    const c = cloneState(s);
    c.turn.queue.unshift({ kind: 'bonus', bonus, source: 'test' });
    const usable = legalActions(c, seat).some((a) => a.type !== 'skip' && a.type !== 'returnCard');
    if (hasBonusUse(c, seat, bonus) !== usable) throw new Error(`hasBonusUse(${bonus}) says ${!usable}, legalActions says ${usable}`);
  }
}

/**
 * applyAction copies a table list (and the tickets) only when the action writes to it: a list whose content
 * the action left as it was is, but for a write that happened to end where it began (a reshuffle that drew
 * the whole pile, say), the input's own array. `shared` counts the outcomes over the file's games.
 */
const TABLE_LISTS = ['deck', 'discard', 'bag', 'display', 'islandsOnMap', 'tickets'] as const;
const PLAYER_LISTS = ['hand', 'train', 'buildings', 'islands', 'supply', 'delivered'] as const;
const shared = { same: 0, changed: 0, unchangedCopies: 0 };
const playerShared = { same: 0, changed: 0, unchangedCopies: 0 };
function count(tally: typeof shared, before: unknown, after: unknown): void {
  if (JSON.stringify(after) !== JSON.stringify(before)) tally.changed++;
  else if (after === before) tally.same++;
  else tally.unchangedCopies++;
}
function checkSharing(before: GameState, after: GameState): void {
  for (const k of TABLE_LISTS) count(shared, before[k], after[k]);
  // The players the action copied (a new object): each of their lists the same way.
  after.players.forEach((p, seat) => {
    if (p !== before.players[seat]) for (const k of PLAYER_LISTS) count(playerShared, before.players[seat][k], p[k]);
  });
}

function playBoth(opts: GameOptions, moveSeed: number): number {
  let pub = createGame(opts);
  const sim = createSimulator(pub);
  const rng = fastRng([moveSeed, 1, 2, 3]);
  let steps = 0;
  while (!pub.gameOver) {
    const seat = currentDecision(pub)!.seat;
    expect(sim.seat()).toBe(seat);
    const legal = sim.legal();
    if (steps % 5 === 0) {
      expect(legalActions(pub, seat)).toEqual(legal);
      checkShortcuts(pub, seat);
    }
    const d = currentDecision(pub)!;
    if (d.kind === 'delivery') checkDeliveryShortcut(pub, seat, d.progress);
    const a = legal[randomInt(rng, legal.length)];
    if (!isExactAction(a)) throw new Error(`listed action fails the exact-shape check: ${JSON.stringify(a)}`);
    const before = JSON.stringify(pub);
    const r = applyAction(pub, seat, a);
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code}`);
    if (JSON.stringify(pub) !== before) throw new Error(`applyAction(${a.type}) mutated its input state`);
    checkSharing(pub, r.state);
    sim.apply(a);
    pub = r.state;
    if (JSON.stringify(sim.state) !== JSON.stringify(pub)) throw new Error(`states differ after step ${steps} (${a.type})`);
    steps++;
  }
  expect(sim.gameOver).toBe(true);
  expect(sim.result()).toEqual(pub.result);
  expect(sim.legal()).toEqual([]);
  return steps;
}

const modes: [string, (seed: string) => GameOptions][] = [
  ['2 players', (seed) => ({ players: 2, seed })],
  ['3 players', (seed) => ({ players: 3, seed })],
  ['4 players', (seed) => ({ players: 4, seed })],
  ['solo Challenge', (seed) => ({ players: 1, seed })],
  ['solo chapters', (seed) => ({ players: 1, seed, mode: 'scenario', scenario: 1 + (seed.length % 10) })],
];

describe.each(modes)('simulator and public API agree (%s)', (_name, make) => {
  test(`${RUNS} random games: identical state after every action`, () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed, moveSeed) => {
        playBoth(make(`sim-${seed}`), moveSeed);
      }),
      { numRuns: RUNS, seed: 20261123 },
    );
  });
});

test('applyAction shared most of the unchanged lists (the table\'s and the acting player\'s) with the state before, over the games above', () => {
  // (Runs after the games: jest runs a file's tests in order.) Six lists an action, most of them untouched.
  expect(shared.same + shared.changed).toBeGreaterThan(1000);
  expect(shared.same).toBeGreaterThan(3 * shared.changed);
  expect(shared.unchangedCopies).toBeLessThan(shared.same / 100);
  // The acting player's six lists: an action writes to one or two.
  expect(playerShared.same + playerShared.changed).toBeGreaterThan(1000);
  expect(playerShared.same).toBeGreaterThan(2 * playerShared.changed);
  expect(playerShared.unchangedCopies).toBeLessThan(playerShared.same / 100);
});

test('clone() gives an independent simulator at the same position', () => {
  const sim = createSimulator(createGame({ players: 3, seed: 'clone' }));
  const rng = fastRng([5, 6, 7, 8]);
  for (let i = 0; i < 200; i++) sim.apply(sim.randomLegal(rng)!);
  const before = JSON.stringify(sim.state);
  const copy = sim.clone();
  expect(JSON.stringify(copy.state)).toBe(before);
  for (let i = 0; i < 50; i++) copy.apply(copy.randomLegal(rng)!);
  expect(JSON.stringify(sim.state)).toBe(before);
  expect(JSON.stringify(copy.state)).not.toBe(before);
});

test('createSimulator never touches the state it starts from, and refuses a view', () => {
  const s = createGame({ players: 2, seed: 'untouched' });
  const json = JSON.stringify(s);
  const sim = createSimulator(s);
  const rng = fastRng([1, 1, 1, 1]);
  for (let i = 0; i < 100; i++) sim.apply(sim.randomLegal(rng)!);
  expect(JSON.stringify(s)).toBe(json);
  expect(() => createSimulator({ kind: 'view' } as unknown as GameState)).toThrow(/full game state/);
});
