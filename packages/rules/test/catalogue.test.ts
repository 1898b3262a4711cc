/**
 * Every constraint the rulebook text, the online summary and the edition notes
 * place on the catalogue data, each checked against packages/rules/src/data/catalogue.json.
 * CATALOGUE.md explains the values that are chosen rather than printed.
 */
import raw from '../src/data/catalogue.json';
import {
  CARDS, CATALOGUE, CatalogueSchema, DESTINATIONS, ISLANDS, PASSENGERS, RESEARCH_STATION, SCENARIOS, TICKETS,
  buildingPoints, capacityOf, card, carAccepts, challengeRating, createGame, isCardId, playerScore, progressThreshold,
  weightOf,
} from '../src';
import type { Car, CardKind, GameState, HeldIsland, Load, TicketReward } from '../src';

// ---------------------------------------------------------------------------------------------
// Small helpers over the data

function kind(k: string): CardKind {
  const found = CATALOGUE.cards.find((x) => x.kind === k);
  if (!found) throw new Error(`no card kind ${k} in the catalogue`);
  return found;
}
const copies = (k: string): number => CARDS.filter((c) => c.kind === k).length;
const kindsOf = (category: string): CardKind[] => CATALOGUE.cards.filter((k) => k.category === category);
const levelKind = (category: string, level: number): CardKind => {
  const ks = kindsOf(category).filter((k) => k.level === level);
  if (ks.length !== 1) throw new Error(`expected one ${category} kind at level ${level}, found ${ks.length}`);
  return ks[0];
};
const train = (...kinds: string[]): Car[] => kinds.map((k) => ({ card: `${k}.1`, loads: [] }));
const sorted = <T>(xs: readonly T[]): T[] => [...xs].sort();
const LEVELLED = ['engine', 'hopper', 'tanker', 'boxcar', 'coach'] as const;
const REGULAR_ISLANDS = ISLANDS.filter((i) => i.id !== RESEARCH_STATION);

/** A mutable deep copy of the raw JSON, for feeding broken variants to the schema. */
const rawCopy = (): any => JSON.parse(JSON.stringify(raw));

/** Every contract holding a player can end with: any islands, each primary side up (3) or flipped, at most one open. */
function contractHoldings(islands = REGULAR_ISLANDS): { held: HeldIsland[]; vp: number }[] {
  const out: { held: HeldIsland[]; vp: number }[] = [];
  const rec = (i: number, held: HeldIsland[], vp: number, open: number) => {
    if (i === islands.length) {
      out.push({ held: [...held], vp });
      return;
    }
    const isl = islands[i];
    rec(i + 1, held, vp, open);
    if (open === 0) rec(i + 1, [...held, { island: isl.id, secondary: null }], vp + isl.primary.vp, open + 1);
    isl.secondary.forEach((s, idx) => rec(i + 1, [...held, { island: isl.id, secondary: idx }], vp + s.vp, open));
  };
  rec(0, [], 0, 0);
  return out;
}

/** A legal train (one engine, cars within engine capacity, no more copies than exist) with the given car VP total. */
function trainWithVp(target: number, minLoadSpace = 0): string[] | null {
  const cars = CATALOGUE.cards.filter((k) => k.category !== 'engine' && k.category !== 'building');
  for (const engine of kindsOf('engine')) {
    const chosen: string[] = [engine.kind];
    const rec = (i: number, vp: number): boolean => {
      if (vp === target) {
        const t = train(...chosen);
        const space = t.reduce((n, c) => n + carAccepts(card(c.card)).capacity, 0);
        if (weightOf(t) <= capacityOf(t) && space >= minLoadSpace) return true;
      }
      if (i === cars.length || vp > target) return false;
      const k = cars[i];
      for (let n = 0; n <= copies(k.kind); n++) {
        for (let j = 0; j < n; j++) chosen.push(k.kind);
        const t = train(...chosen);
        const ok = weightOf(t) <= capacityOf(t) + 2 /* a later Caboose 6 may still lift it */ && rec(i + 1, vp + n * k.vp);
        if (ok) return true;
        chosen.splice(chosen.length - n, n);
      }
      return false;
    };
    if (rec(0, engine.vp)) return chosen;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

describe('the 71 train cards', () => {
  test('there are 71 train cards in all', () => {
    expect(CARDS).toHaveLength(71);
  });

  test('every card id is unique and of the form <kind>.<copy>', () => {
    const ids = CARDS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CARDS) {
      expect(c.id).toMatch(/^[a-z0-9-]+\.[1-9][0-9]*$/);
      expect(c.id.startsWith(`${c.kind}.`)).toBe(true);
      expect(card(c.id)).toBe(c);
    }
    expect(isCardId('hopper-2.3')).toBe(true);
    expect(isCardId('hopper-2.99')).toBe(false);
  });

  test('card kinds are unique', () => {
    const kinds = CATALOGUE.cards.map((k) => k.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  test('engines, hoppers, tankers, boxcars and coaches each come in exactly Levels 1, 2 and 3', () => {
    for (const cat of LEVELLED) {
      expect(sorted(kindsOf(cat).map((k) => k.level))).toEqual([1, 2, 3]);
    }
  });

  test('cabooses and buildings have no level (they are never upgraded)', () => {
    for (const k of [...kindsOf('caboose'), ...kindsOf('building')]) expect(k.level).toBeNull();
  });

  test('the deck holds at least 4 Level 1 Engines (one per seat in a 4-player game)', () => {
    expect(copies(levelKind('engine', 1).kind)).toBeGreaterThanOrEqual(4);
    for (const players of [1, 2, 3, 4]) {
      const s = createGame({ players, seed: `engines-${players}` });
      for (const p of s.players) expect(card(p.train[0].card).kind).toBe(levelKind('engine', 1).kind);
    }
  });
});

describe('engines', () => {
  test('Level 1/2/3 Engines give 4/6/8 engine capacity', () => {
    expect([1, 2, 3].map((l) => levelKind('engine', l).engineCapacity)).toEqual([4, 6, 8]);
  });

  test('engines add capacity and never weight', () => {
    for (const k of kindsOf('engine')) expect(k.weight).toBe(0);
  });

  test('the Level 1 Engine costs 0 and the Level 3 Engine costs 6 (published review)', () => {
    expect(levelKind('engine', 1).cost).toBe(0);
    expect(levelKind('engine', 3).cost).toBe(6);
  });

  test('Level 2 and 3 Engines give 1 passenger when built; Level 1 gives none', () => {
    expect([1, 2, 3].map((l) => levelKind('engine', l).passengersOnBuild)).toEqual([0, 1, 1]);
  });

  test('every engine draws 2 cards when a passenger is loaded on it', () => {
    for (const k of kindsOf('engine')) expect(k.benefit).toEqual({ on: 'passenger', draw: 2 });
  });
});

describe('cars that carry passengers', () => {
  test('every engine and every coach carries passengers', () => {
    for (const k of [...kindsOf('engine'), ...kindsOf('coach')]) {
      expect(k.passengerCapacity).toBeGreaterThanOrEqual(1);
      for (const c of CARDS.filter((x) => x.kind === k.kind)) expect(carAccepts(c).passengers).toBe(true);
    }
  });

  test('only engines and coaches have passenger seats', () => {
    for (const k of CATALOGUE.cards) {
      if (k.category !== 'engine' && k.category !== 'coach') expect(k.passengerCapacity).toBe(0);
    }
  });

  test('Coaches Level 1/2/3 give 1/2/3 passengers when built', () => {
    expect([1, 2, 3].map((l) => levelKind('coach', l).passengersOnBuild)).toEqual([1, 2, 3]);
  });

  test('Coaches Level 1/2/3 draw 3 cards then give 1/2/3 VP tokens when a passenger is loaded', () => {
    expect([1, 2, 3].map((l) => levelKind('coach', l).benefit)).toEqual([
      { on: 'passenger', draw: 3, vp: 1 },
      { on: 'passenger', draw: 3, vp: 2 },
      { on: 'passenger', draw: 3, vp: 3 },
    ]);
  });

  test('worked example: upgrading Coach L1 to Coach L3 costs 6 cards', () => {
    expect(levelKind('coach', 3).cost - levelKind('coach', 1).cost).toBe(6);
  });

  test('worked example: a capacity-6 engine pulling a lone Coach L3 has weight 2 and may build it', () => {
    const engine6 = kindsOf('engine').find((k) => k.engineCapacity === 6)!;
    const t = train(engine6.kind, levelKind('coach', 3).kind);
    expect(capacityOf(t)).toBe(6);
    expect(weightOf(t)).toBe(2);
    expect(weightOf(t)).toBeLessThanOrEqual(capacityOf(t));
    expect(levelKind('coach', 3).passengersOnBuild).toBe(3);
  });
});

describe('freight cars', () => {
  const FREIGHT = { hopper: 'coal', tanker: 'oil', boxcar: 'box' } as const;

  test('hoppers carry coal, tankers oil, boxcars boxes, and each has cargo room', () => {
    for (const [cat, good] of Object.entries(FREIGHT)) {
      for (const k of kindsOf(cat)) {
        expect(k.benefit?.on).toBe(good);
        expect(k.cargoCapacity).toBeGreaterThanOrEqual(1);
        expect(carAccepts(card(`${k.kind}.1`)).goods).toBe(good);
      }
    }
  });

  test('Hopper benefits: L1 draw 3 discard 1; L2 draw 2 + bonus Build; L3 draw 2 + bonus action', () => {
    expect([1, 2, 3].map((l) => levelKind('hopper', l).benefit)).toEqual([
      { on: 'coal', draw: 3, discard: 1 },
      { on: 'coal', draw: 2, bonus: 'B' },
      { on: 'coal', draw: 2, bonus: 'A' },
    ]);
  });

  test('Tanker benefits: L1 draw 3; L2 draw 3 + bonus Deliver; L3 draw 3 + bonus Load or Deliver', () => {
    expect([1, 2, 3].map((l) => levelKind('tanker', l).benefit)).toEqual([
      { on: 'oil', draw: 3 },
      { on: 'oil', draw: 3, bonus: 'D' },
      { on: 'oil', draw: 3, bonus: 'LD' },
    ]);
  });

  test('Boxcar benefits: L1 draw 4; L2 draw 4 + bonus Load; L3 draw 5 discard 1 + bonus Load', () => {
    expect([1, 2, 3].map((l) => levelKind('boxcar', l).benefit)).toEqual([
      { on: 'box', draw: 4 },
      { on: 'box', draw: 4, bonus: 'L' },
      { on: 'box', draw: 5, discard: 1, bonus: 'L' },
    ]);
  });

  test('worked example: loading a box into a Level 2 Boxcar draws 4 cards and gives a bonus Load', () => {
    const b = levelKind('boxcar', 2).benefit!;
    expect(b.on).toBe('box');
    expect(b.draw).toBe(4);
    expect(b.bonus).toBe('L');
  });

  test('only the card-reference cars have a load benefit (cabooses and buildings have none)', () => {
    for (const k of CATALOGUE.cards) {
      if (k.category === 'caboose' || k.category === 'building') expect(k.benefit).toBeUndefined();
      else expect(k.benefit).toBeDefined();
    }
  });
});

describe('costs, weights and upgrades', () => {
  test('every upgrade path L1 → L2 → L3 has strictly increasing cost', () => {
    for (const cat of LEVELLED) {
      const [c1, c2, c3] = [1, 2, 3].map((l) => levelKind(cat, l).cost);
      expect(c1).toBeLessThan(c2);
      expect(c2).toBeLessThan(c3);
    }
  });

  test('caption "extending: cost = 4": some train car costs 4 to add to a train', () => {
    const trainCars = CATALOGUE.cards.filter((k) => k.category !== 'building' && k.category !== 'engine');
    expect(trainCars.some((k) => k.cost === 4)).toBe(true);
  });

  test('caption "upgrading: cost = 3": some same-category upgrade costs 3', () => {
    const diffs = LEVELLED.flatMap((cat) => [
      levelKind(cat, 2).cost - levelKind(cat, 1).cost,
      levelKind(cat, 3).cost - levelKind(cat, 2).cost,
      levelKind(cat, 3).cost - levelKind(cat, 1).cost,
    ]);
    expect(diffs).toContain(3);
  });

  test('only engines and Caboose 6 add engine capacity; every car above Level 1 and every caboose but 6 adds weight', () => {
    for (const k of CATALOGUE.cards) {
      if (k.category === 'building') continue;
      if (k.category === 'engine' || k.kind === 'caboose-6') {
        expect(k.engineCapacity).toBeGreaterThan(0);
      } else {
        expect(k.engineCapacity).toBe(0);
        // Light Level 1 cars (weight 0) are what make solo chapter 4's 13 cars reachable.
        if (k.level !== 1) expect(k.weight).toBeGreaterThanOrEqual(1);
      }
    }
  });

  test('buildings stand beside the train: no weight, capacity or seats', () => {
    for (const k of kindsOf('building')) {
      expect([k.weight, k.engineCapacity, k.cargoCapacity, k.passengerCapacity, k.passengersOnBuild]).toEqual([0, 0, 0, 0, 0]);
    }
  });

  test('an upgraded car keeps its loads, so capacity never shrinks from one level to the next', () => {
    for (const cat of LEVELLED) {
      const [a, b, c] = [1, 2, 3].map((l) => levelKind(cat, l));
      expect(a.cargoCapacity).toBeLessThanOrEqual(b.cargoCapacity);
      expect(b.cargoCapacity).toBeLessThanOrEqual(c.cargoCapacity);
      expect(a.passengerCapacity).toBeLessThanOrEqual(b.passengerCapacity);
      expect(b.passengerCapacity).toBeLessThanOrEqual(c.passengerCapacity);
    }
  });
});

describe('cabooses', () => {
  test('Cabooses 1–10 exist exactly once each', () => {
    const names = kindsOf('caboose').map((k) => k.name);
    expect(sorted(names)).toEqual(sorted(Array.from({ length: 10 }, (_, i) => `Caboose ${i + 1}`)));
    for (const k of kindsOf('caboose')) expect(copies(k.kind)).toBe(1);
  });

  test('every caboose gives 1 passenger when built, except Caboose 8 which gives 2', () => {
    for (const k of kindsOf('caboose')) expect(k.passengersOnBuild).toBe(k.name === 'Caboose 8' ? 2 : 1);
  });

  test('Caboose 6 adds 2 engine capacity and no weight', () => {
    const c6 = kindsOf('caboose').find((k) => k.name === 'Caboose 6')!;
    expect(c6.engineCapacity).toBe(2);
    expect(c6.weight).toBe(0);
    expect(capacityOf(train('engine-1', c6.kind))).toBe(levelKind('engine', 1).engineCapacity + 2);
  });

  test('each caboose has the ability its card reference describes', () => {
    const expected: Record<string, string> = {
      'Caboose 1': 'deliverDraw', 'Caboose 2': 'coalLoadDraw', 'Caboose 3': 'storeAny', 'Caboose 4': 'extraBuilding',
      'Caboose 5': 'extendDiscount', 'Caboose 6': 'extraCapacity', 'Caboose 7': 'passengerAsCargo',
      'Caboose 8': 'passengerLoadDraw', 'Caboose 9': 'remoteTicket', 'Caboose 10': 'anyPassengerTicket',
    };
    for (const k of kindsOf('caboose')) expect(k.ability).toBe(expected[k.name]);
  });

  test('Caboose 3 stores exactly 1 good of any type; no other caboose carries anything', () => {
    for (const k of kindsOf('caboose')) {
      const acc = carAccepts(card(`${k.kind}.1`));
      if (k.name === 'Caboose 3') expect(acc).toEqual({ goods: 'any', passengers: false, capacity: 1 });
      else expect(acc.capacity).toBe(0);
    }
  });
});

describe('buildings', () => {
  const NAMES = [
    'Coal Factory', 'Oil Refinery', 'Customs House', 'Bank', 'Grand Central',
    'Town Hall', 'Rail Yard', 'Middle Station', 'Northern Station', 'Southern Station',
  ];

  test('the 10 buildings of the rulebook exist exactly once each', () => {
    expect(sorted(kindsOf('building').map((k) => k.name))).toEqual(sorted(NAMES));
    for (const k of kindsOf('building')) expect(copies(k.kind)).toBe(1);
  });

  test('each building scores by its own rule', () => {
    const expected: Record<string, string> = {
      'Coal Factory': 'coalFactory', 'Oil Refinery': 'oilRefinery', 'Customs House': 'customsHouse', Bank: 'bank',
      'Grand Central': 'grandCentral', 'Town Hall': 'townHall', 'Rail Yard': 'railYard',
      'Middle Station': 'middleStation', 'Northern Station': 'northernStation', 'Southern Station': 'southernStation',
    };
    for (const k of kindsOf('building')) expect(k.scoring).toBe(expected[k.name]);
  });

  test('buildings carry no VP badge (their points come from the scoring rule, so Grand Central is not counted twice)', () => {
    for (const k of kindsOf('building')) expect(k.vp).toBe(0);
    const s = createGame({ players: 2, seed: 'gc' });
    const gc = CARDS.find((c) => c.scoring === 'grandCentral')!;
    expect(buildingPoints(s, s.players[0], gc.id)).toBe(8);
  });
});

describe('cargo symbols', () => {
  test('every copy shows coal, oil, box or all types', () => {
    for (const c of CARDS) expect(['coal', 'oil', 'box', 'all']).toContain(c.symbol);
  });

  test('a few cards (at least 2, at most a tenth of the deck) show all cargo types', () => {
    const n = CARDS.filter((c) => c.symbol === 'all').length;
    expect(n).toBeGreaterThanOrEqual(2);
    expect(n).toBeLessThanOrEqual(7);
  });

  test('each good is printed on a near-equal share of the deck (within 2 cards of each other)', () => {
    const count = (s: string) => CARDS.filter((c) => c.symbol === s).length;
    const n = ['coal', 'oil', 'box'].map(count);
    expect(Math.max(...n) - Math.min(...n)).toBeLessThanOrEqual(2);
  });
});

describe('islands and contracts', () => {
  test('there are 7 island cards: one per destination plus the Research Station', () => {
    expect(ISLANDS).toHaveLength(7);
    expect(sorted(ISLANDS.map((i) => i.id))).toEqual(sorted([...DESTINATIONS.map((d) => d.id), RESEARCH_STATION]));
    for (const i of REGULAR_ISLANDS) {
      expect(i.destination).toBe(i.id);
      expect(i.name).toBe(DESTINATIONS.find((d) => d.id === i.id)!.name);
    }
  });

  test('the Research Station has no destination tile and so no ticket tile', () => {
    const r = ISLANDS.find((i) => i.id === RESEARCH_STATION)!;
    expect(r.name).toBe('Research Station');
    expect(r.destination).toBeNull();
    expect(DESTINATIONS.map((d) => d.id)).not.toContain(RESEARCH_STATION);
    const s = createGame({ players: 4, seed: 'research' });
    expect(s.islandsOnMap).toContain(RESEARCH_STATION);
    expect(s.tickets.map((t) => t.destination)).not.toContain(RESEARCH_STATION);
  });

  test('every primary contract asks for exactly two goods', () => {
    for (const i of ISLANDS) expect(i.primary.goods).toHaveLength(2);
  });

  test("Billington's primary contract is 1 box + 1 coal", () => {
    const b = ISLANDS.find((i) => i.name === "Billington's")!;
    expect(sorted(b.primary.goods)).toEqual(['box', 'coal']);
  });

  test('every island card has exactly two secondary contracts', () => {
    for (const i of ISLANDS) expect(i.secondary).toHaveLength(2);
  });

  test('a secondary badge shows the full total, so it is worth more than the primary it replaces', () => {
    for (const i of ISLANDS) for (const s of i.secondary) expect(s.vp).toBeGreaterThan(i.primary.vp);
  });

  test('worked example: some legal set of contracts is worth 21 points', () => {
    expect(contractHoldings().some((h) => h.vp === 21)).toBe(true);
  });

  test('two flipped secondary contracts (the "two contracts" of a typical game) can make 21', () => {
    const pairs = contractHoldings().filter((h) => h.held.length === 2 && h.held.every((x) => x.secondary !== null));
    expect(pairs.some((h) => h.vp === 21)).toBe(true);
  });

  test('the six regular islands ask for each good equally often (primaries and each secondary column)', () => {
    const tally = (lists: readonly (readonly string[])[]) => {
      const n: Record<string, number> = { coal: 0, oil: 0, box: 0 };
      for (const l of lists) for (const g of l) n[g] += 1;
      return n;
    };
    for (const col of [
      REGULAR_ISLANDS.map((i) => i.primary.goods),
      REGULAR_ISLANDS.map((i) => i.secondary[0].goods),
      REGULAR_ISLANDS.map((i) => i.secondary[1].goods),
    ]) {
      const n = tally(col);
      expect(n.coal).toBe(n.oil);
      expect(n.oil).toBe(n.box);
    }
  });
});

describe('destinations and passengers', () => {
  test('the six destinations are those of the rulebook', () => {
    expect(sorted(DESTINATIONS.map((d) => d.name))).toEqual(
      sorted(['Alpine Lodge', "Billington's", 'Cactus Mines', 'Camp Eagle', 'Devon City', 'Flint Beach']),
    );
  });

  test('stations: Northern = Alpine Lodge + Billington\'s, Middle = Cactus Mines + Devon City, Southern = Camp Eagle + Flint Beach', () => {
    const at = (station: string) => sorted(DESTINATIONS.filter((d) => d.station === station).map((d) => d.name));
    expect(at('northern')).toEqual(['Alpine Lodge', "Billington's"]);
    expect(at('middle')).toEqual(['Cactus Mines', 'Devon City']);
    expect(at('southern')).toEqual(['Camp Eagle', 'Flint Beach']);
  });

  test('each destination has its own colour, colour code and colour-independent symbol', () => {
    for (const field of ['colour', 'colourHex', 'symbol'] as const) {
      const values = DESTINATIONS.map((d) => d[field]);
      expect(new Set(values).size).toBe(6);
    }
    for (const d of DESTINATIONS) {
      expect(d.colourHex).toMatch(/^#[0-9a-f]{6}$/i);
      expect(d.symbol.length).toBeGreaterThan(0);
      expect(d.symbol).not.toMatch(/[a-z0-9]/i);
    }
  });

  test('there are 18 passengers, 3 for each destination, with unique ids', () => {
    expect(PASSENGERS).toHaveLength(18);
    expect(new Set(PASSENGERS.map((p) => p.id)).size).toBe(18);
    for (const d of DESTINATIONS) expect(PASSENGERS.filter((p) => p.destination === d.id)).toHaveLength(3);
  });
});

describe('ticket tiles', () => {
  const norm = (r: TicketReward) => ({ cards: r.cards, vp: r.vp, bonus: r.bonus ?? null });
  const key = (rs: readonly TicketReward[]) => JSON.stringify(rs.map(norm));
  const R = (cards: number, vp: number, bonus: 'L' | 'B' | null = null) => ({ cards, vp, bonus });
  const RULEBOOK = [
    [R(5, 0), R(4, 0), R(3, 0)],
    [R(5, 0), R(2, 2), R(0, 2)],
    [R(2, 0, 'L'), R(1, 0, 'L'), R(0, 0, 'L')],
    [R(0, 4), R(0, 3), R(0, 2)],
    [R(0, 4), R(2, 2), R(3, 0)],
    [R(2, 0, 'B'), R(1, 0, 'B'), R(0, 0, 'B')],
  ];

  test('there are 6 ticket tiles with unique ids', () => {
    expect(TICKETS).toHaveLength(6);
    expect(new Set(TICKETS.map((t) => t.id)).size).toBe(6);
  });

  test("the tiles' reward lists are exactly the rulebook's six lists", () => {
    expect(sorted(TICKETS.map((t) => key(t.rewards)))).toEqual(sorted(RULEBOOK.map((rs) => JSON.stringify(rs))));
  });

  test("Billington's example: at least one tile's first reward is exactly 4 VP tokens", () => {
    expect(TICKETS.some((t) => JSON.stringify(norm(t.rewards[0])) === JSON.stringify(R(0, 4)))).toBe(true);
  });

  test('setup puts one tile under each destination', () => {
    const s = createGame({ players: 3, seed: 'tiles' });
    expect(sorted(s.tickets.map((t) => t.destination))).toEqual(sorted(DESTINATIONS.map((d) => d.id)));
    expect(sorted(s.tickets.map((t) => t.tile))).toEqual(sorted(TICKETS.map((t) => t.id)));
  });
});

describe('table numbers', () => {
  test('the progress train ends the game at space 4/5/6 with 2/3/4 players', () => {
    expect(CATALOGUE.progressThresholds).toEqual({ '2': 4, '3': 5, '4': 6 });
    expect([2, 3, 4].map(progressThreshold)).toEqual([4, 5, 6]);
  });

  test('setup and turn numbers: 5 cards, 2 passengers, display 3, hand limit 5, 2 actions, 2 cards per special delivery', () => {
    expect([CATALOGUE.startingHand, CATALOGUE.startingPassengers, CATALOGUE.displaySize]).toEqual([5, 2, 3]);
    expect([CATALOGUE.handLimit, CATALOGUE.actionsPerTurn, CATALOGUE.specialDeliveryCards]).toEqual([5, 2, 2]);
  });

  test('solo ratings start at 0/50/60/70/80', () => {
    expect(CATALOGUE.solo.ratings).toEqual([
      { min: 0, name: 'Freeloader' }, { min: 50, name: 'Trainee' }, { min: 60, name: 'Engineer' },
      { min: 70, name: 'Head Conductor' }, { min: 80, name: 'Island Conductor' },
    ]);
    expect([49, 50, 59, 60, 69, 70, 79, 80].map(challengeRating)).toEqual([
      'Freeloader', 'Trainee', 'Trainee', 'Engineer', 'Engineer', 'Head Conductor', 'Head Conductor', 'Island Conductor',
    ]);
  });

  test('solo: returning a card costs 3 VP tokens, 2 in chapter 9', () => {
    expect(CATALOGUE.solo.returnCost).toBe(3);
    expect(SCENARIOS.find((s) => s.chapter === 9)!.rules.returnCost).toBe(2);
  });

  test('the ten solo chapters have the rulebook objectives and special rules', () => {
    const byChapter = Object.fromEntries(SCENARIOS.map((s) => [s.chapter, { objective: s.objective, rules: s.rules }]));
    expect(byChapter).toEqual({
      1: { objective: { kind: 'contracts', islands: ['billingtons', 'flint'] }, rules: {} },
      2: { objective: { kind: 'buildings', count: 4 }, rules: { unlimitedBuildings: true } },
      3: { objective: { kind: 'score', points: 60 }, rules: {} },
      4: { objective: { kind: 'cars', count: 13 }, rules: {} },
      5: { objective: { kind: 'ticketsFilled', count: 5 }, rules: {} },
      6: { objective: { kind: 'contracts', islands: ['alpine', 'devon', 'research'] }, rules: { researchStation: true } },
      7: { objective: { kind: 'buildingPoints', points: 50 }, rules: { unlimitedBuildings: true } },
      8: { objective: { kind: 'primaries', count: 7 }, rules: { researchStation: true, noSecondary: true } },
      9: { objective: { kind: 'level3', categories: ['hopper', 'tanker', 'boxcar', 'coach'] }, rules: { returnCost: 2 } },
      10: { objective: { kind: 'score', points: 70 }, rules: { tokensNegative: true } },
    });
  });
});

describe('the 54-point scoring example', () => {
  test('a legal train can carry exactly 13 VP of train cards', () => {
    const t = trainWithVp(13);
    expect(t).not.toBeNull();
    const cars = train(...t!);
    expect(cars.reduce((n, c) => n + card(c.card).vp, 0)).toBe(13);
    expect(weightOf(cars)).toBeLessThanOrEqual(capacityOf(cars));
  });

  test('10 tokens + 13 train + 21 contracts + 3 loaded + 1 progress train + 6 Bank = 54 with this data', () => {
    const kinds = trainWithVp(13, 3);
    expect(kinds).not.toBeNull();
    const holding = contractHoldings().find((h) => h.vp === 21);
    expect(holding).toBeDefined();

    const s: GameState = createGame({ players: 2, seed: 'fifty-four' });
    const used = new Map<string, number>();
    const nextId = (k: string) => {
      const n = (used.get(k) ?? 0) + 1;
      used.set(k, n);
      return `${k}.${n}`;
    };
    const cars: Car[] = kinds!.map((k) => ({ card: nextId(k), loads: [] }));
    const spare = CARDS.filter((c) => c.category !== 'building' && !cars.some((x) => x.card === c.id)).map((c) => c.id);
    let loads = 3;
    for (const car of cars) {
      const acc = carAccepts(card(car.card));
      while (loads > 0 && car.loads.length < acc.capacity) {
        const l: Load = acc.goods !== null
          ? { kind: 'card', card: spare.pop()!, as: acc.goods, faceDown: false }
          : { kind: 'passenger', id: PASSENGERS[loads].id };
        car.loads.push(l);
        loads -= 1;
      }
    }
    expect(loads).toBe(0);
    const p = s.players[0];
    p.train = cars;
    p.vp = 10;
    p.islands = holding!.held;
    p.buildings = [CARDS.find((c) => c.scoring === 'bank')!.id];
    s.progressTrain = 0;

    const score = playerScore(s, 0);
    expect({
      tokens: score.tokens, trainCars: score.trainCars, contracts: score.contracts,
      loaded: score.loaded, progressTrain: score.progressTrain, buildings: score.buildings, total: score.total,
    }).toEqual({ tokens: 10, trainCars: 13, contracts: 21, loaded: 3, progressTrain: 1, buildings: 6, total: 54 });
  });
});

describe('the zod schema guards the data file', () => {
  test('the catalogue file as shipped passes the schema', () => {
    expect(CatalogueSchema.safeParse(rawCopy()).success).toBe(true);
  });

  test('a catalogue with 70 train cards is rejected', () => {
    const c = rawCopy();
    c.cards.find((k: { kind: string }) => k.kind === 'hopper-1').symbols.pop();
    expect(CatalogueSchema.safeParse(c).success).toBe(false);
  });

  test('a catalogue with 72 train cards is rejected', () => {
    const c = rawCopy();
    c.cards.find((k: { kind: string }) => k.kind === 'boxcar-1').symbols.push('coal');
    expect(CatalogueSchema.safeParse(c).success).toBe(false);
  });

  test('a primary contract with three goods is rejected', () => {
    const c = rawCopy();
    c.islands[0].primary.goods.push('coal');
    expect(CatalogueSchema.safeParse(c).success).toBe(false);
  });

  test('a primary contract with one good is rejected', () => {
    const c = rawCopy();
    c.islands[1].primary.goods = ['oil'];
    expect(CatalogueSchema.safeParse(c).success).toBe(false);
  });

  test('an island pointing at an unknown destination is rejected', () => {
    const c = rawCopy();
    c.islands[2].destination = 'atlantis';
    expect(CatalogueSchema.safeParse(c).success).toBe(false);
  });

  test('six island cards, or a ticket tile with two rewards, or an unknown cargo symbol, are rejected', () => {
    const six = rawCopy();
    six.islands.pop();
    expect(CatalogueSchema.safeParse(six).success).toBe(false);
    const tile = rawCopy();
    tile.tickets[0].rewards.pop();
    expect(CatalogueSchema.safeParse(tile).success).toBe(false);
    const sym = rawCopy();
    sym.cards[0].symbols[0] = 'grain';
    expect(CatalogueSchema.safeParse(sym).success).toBe(false);
  });
});
