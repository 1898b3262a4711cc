import {
  CARDS, PASSENGERS, card, carAccepts, playerView, type GameState,
} from '@isle-of-trains/rules';
import { determinise, unseenCards } from '@isle-of-trains/bots';
import { allCardPlaces, allPassengerPlaces, bots, playBots, reshuffleHidden } from './helpers';

/** States met along a few bot games, with the seat that had to decide. */
function sampleStates(): { s: GameState; seat: number }[] {
  const out: { s: GameState; seat: number }[] = [];
  const games: [number, 'random' | 'greedy', number][] = [
    [2, 'random', 700], [3, 'random', 700], [4, 'random', 700], [2, 'greedy', 300], [4, 'greedy', 300], [1, 'greedy', 300],
  ];
  games.forEach(([players, level, cap], g) => {
    let k = 0;
    playBots({ players, seed: `det-${g}` }, bots(Array(players).fill(level), {}, `det${g}`), (s, seat) => {
      if (k++ % 5 === 0) out.push({ s, seat });
    }, cap);
  });
  return out;
}

const samples = sampleStates();

describe('determinise', () => {
  it('met enough positions to be meaningful', () => {
    expect(samples.length).toBeGreaterThan(200);
    expect(samples.some(({ s }) => s.players.some((p) => p.train.some((c) => c.loads.some((l) => l.kind === 'card' && l.faceDown))))).toBe(true);
  });

  it('agrees with the view it came from and conserves every card and passenger', () => {
    samples.forEach(({ s, seat }, i) => {
      const view = playerView(s, seat);
      const d = determinise(view, seat, i);
      // The same public state, the same hand for the bot, the same counts of hidden things.
      expect(playerView(d, seat)).toEqual(view);
      expect(d.players[seat].hand).toEqual(s.players[seat].hand);
      d.players.forEach((p, k) => expect(p.hand.length).toBe(s.players[k].hand.length));
      expect(d.deck.length).toBe(s.deck.length);
      expect(d.discard.length).toBe(s.discard.length);
      expect(d.bag.length).toBe(s.bag.length);
      expect([...d.bag].sort()).toEqual([...s.bag].sort());
      // Card conservation: each of the 71 cards in exactly one place.
      const places = allCardPlaces(d);
      expect(places.length).toBe(71);
      expect([...places].sort()).toEqual(CARDS.map((c) => c.id).sort());
      const ps = allPassengerPlaces(d);
      expect([...ps].sort()).toEqual(PASSENGERS.map((p) => p.id).sort());
      // Face-down loads hold cards that could not have been loaded face up there.
      for (const p of d.players) {
        for (const c of p.train) {
          for (const l of c.loads) {
            if (l.kind !== 'card' || !l.faceDown) continue;
            expect(l.card).not.toBeNull();
            const goods = carAccepts(card(c.card)).goods;
            if (goods !== 'any' && goods !== null) expect([goods, 'all']).not.toContain(card(l.card!).symbol);
          }
        }
      }
      // The unseen cards are exactly the hidden places of the real state.
      const hidden = [...s.deck, ...s.discard.slice(0, -1), ...s.players.filter((p) => p.seat !== seat).flatMap((p) => p.hand)];
      for (const p of s.players) for (const c of p.train) for (const l of c.loads) if (l.kind === 'card' && l.faceDown && l.by !== seat) hidden.push(l.card!);
      expect([...unseenCards(view)].sort()).toEqual(hidden.sort());
    });
  });

  it('depends only on the view and the seed: two real states with one view give one world', () => {
    samples.forEach(({ s, seat }, i) => {
      const other = reshuffleHidden(s, seat, i + 1);
      const view = playerView(s, seat);
      expect(playerView(other, seat)).toEqual(view);
      expect(determinise(playerView(other, seat), seat, `w${i}`)).toEqual(determinise(view, seat, `w${i}`));
    });
  });

  it('deals different worlds for different seeds, and gives the world a fresh rng', () => {
    const rich = samples.filter(({ s }) => s.deck.length > 10);
    let differ = 0;
    rich.forEach(({ s, seat }) => {
      const view = playerView(s, seat);
      const a = determinise(view, seat, 1);
      const b = determinise(view, seat, 2);
      if (JSON.stringify(a.deck) !== JSON.stringify(b.deck)) differ++;
      expect(a.rng).not.toEqual(s.rng);
    });
    expect(differ).toBe(rich.length);
  });

  it('refuses a full state and a view of another seat', () => {
    const { s } = samples[0];
    expect(() => determinise(s as never, 0, 1)).toThrow();
    expect(() => determinise(playerView(s, 1), 0, 1)).toThrow(/belongs/);
  });
});
