/**
 * The log's words say what happened in a player's terms: a card given for a build is a payment, not a
 * discard; a discard says why; counts are plural when they are.
 */
import { applyAction, createGame, currentDecision, legalActions, type GameState } from '../src';
import { picker } from './helpers';

test('a payment reads "paid", a discard says why, and no line says "card(s)"', () => {
  const seen = { pay: 0, discard: 0, handLimit: 0 };
  for (const seed of [1, 2, 3]) {
    let s: GameState = createGame({ players: 2, seed: `log-words-${seed}` });
    const pick = picker(seed);
    for (let i = 0; i < 3000 && !s.gameOver; i++) {
      const d = currentDecision(s)!;
      const legal = legalActions(s, d.seat);
      // Builds and deliveries first, so that payments and ticket rewards come up.
      const good = legal.filter((a) => a.type === 'build' || a.type.startsWith('deliver'));
      const a = good.length > 0 && pick(3) > 0 ? good[pick(good.length)] : legal[pick(legal.length)];
      const r = applyAction(s, d.seat, a);
      if (!r.ok) throw new Error(r.error.message);
      for (const e of r.events) {
        expect(e.text).not.toMatch(/\(s\)/);
        expect(e.text).not.toMatch(/\b1 cards\b/);
      }
      if (a.type === 'discard') {
        const line = r.events.find((e) => e.type === 'discard')!.text;
        if (d.kind === 'pay') { expect(line).toMatch(/ paid .+ for /); seen.pay++; }
        if (d.kind === 'discard') { expect(line).toMatch(/ discarded .+ \(load reward of .+\)\.$/); seen.discard++; }
        if (d.kind === 'handLimit') { expect(line).toMatch(/ discarded .+ to keep 5 cards\.$/); seen.handLimit++; }
      }
      s = r.state;
    }
  }
  expect(seen.pay).toBeGreaterThan(0);
  expect(seen.handLimit + seen.discard).toBeGreaterThan(0);
});
