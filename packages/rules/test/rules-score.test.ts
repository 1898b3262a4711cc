/**
 * End of game scoring (rulebook "End of Game Scoring" and "Buildings"): every
 * category, all ten buildings, the tie-breakers and the 54-point example.
 */
import { act } from './helpers';
import { addCar, freshGame, giveIsland, good, goods, loadCard, pull, ride, setEngine, setTicket } from './deliver-fixtures';
import { buildingPoints, card, createGame, island, playerView, scoreBreakdown, GameState } from '../src';

const E0 = 'engine-1.1';
const E1 = 'engine-1.2';
const score = (s: GameState, seat = 0) => scoreBreakdown(s).players[seat];
const build = (s: GameState, seat: number, id: string) => {
  pull(s, id);
  s.players[seat].buildings.push(id);
  return s;
};

describe('scoring categories', () => {
  test('a fresh game scores 0 everywhere', () => {
    const s = freshGame();
    for (const p of scoreBreakdown(s).players) {
      expect(p).toMatchObject({ tokens: 0, trainCars: 0, contracts: 0, loaded: 0, progressTrain: 0, buildings: 0, total: 0, trainLength: 1 });
      expect(p.buildingDetail).toEqual([]);
    }
  });

  test('VP tokens count 1 each', () => {
    const s = freshGame();
    s.players[0].vp = 7;
    expect(score(s)).toMatchObject({ tokens: 7, total: 7 });
    expect(score(s, 1).tokens).toBe(0);
  });

  test('train cars score the VP badge of every card in the train, engine included', () => {
    const s = freshGame();
    setEngine(s, 0, 'engine-2.1');
    addCar(s, 0, 'hopper-2.1');
    addCar(s, 0, 'coach-1.1');
    addCar(s, 0, 'caboose-2.1');
    const expected = ['engine-2.1', 'hopper-2.1', 'coach-1.1', 'caboose-2.1'].reduce((n, id) => n + card(id).vp, 0);
    expect(expected).toBe(2 + 5 + 1 + 3);
    expect(score(s)).toMatchObject({ trainCars: 11, trainLength: 4, total: 11 });
  });

  test('contracts: the primary VP on an open card, the secondary\'s full total on a flipped one', () => {
    const s = freshGame();
    giveIsland(s, 0, 'billingtons'); // open: primary 3
    giveIsland(s, 0, 'alpine', 1); // flipped to secondary 1: 12 (not 3 + 12)
    giveIsland(s, 0, 'cactus', 0); // flipped to secondary 0: 9
    expect(island('billingtons').primary.vp).toBe(3);
    expect(island('alpine').secondary[1].vp).toBe(12);
    expect(island('cactus').secondary[0].vp).toBe(9);
    expect(score(s)).toMatchObject({ contracts: 24, total: 24 });
    expect(score(s, 1).contracts).toBe(0);
  });

  test('loaded cargo and passengers count 1 each, face-down cards included', () => {
    const s = freshGame();
    addCar(s, 0, 'hopper-2.1');
    addCar(s, 0, 'coach-1.1');
    const [c1, c2] = goods(s, 'coal', 2);
    loadCard(s, 0, 'hopper-2.1', c1);
    loadCard(s, 0, 'hopper-2.1', c2, true);
    ride(s, 0, 'coach-1.1', 'p-alpine-1');
    expect(score(s)).toMatchObject({ loaded: 3, total: 3 + 5 + 1 });
    // Passengers waiting beside the engine are not loaded.
    expect(s.players[0].supply.length).toBeGreaterThan(0);
  });

  test('the progress train is worth 1 to its holder only', () => {
    const s = freshGame();
    s.progressTrain = 1;
    expect(score(s, 1)).toMatchObject({ progressTrain: 1, total: 1 });
    expect(score(s, 0).progressTrain).toBe(0);
  });

  test('the total is the sum of the six categories', () => {
    const s = freshGame();
    s.players[0].vp = 4;
    addCar(s, 0, 'tanker-1.1');
    loadCard(s, 0, 'tanker-1.1', good(s, 'oil'));
    giveIsland(s, 0, 'eagle');
    s.progressTrain = 0;
    build(s, 0, 'grand-central.1');
    const p = score(s);
    expect(p).toMatchObject({ tokens: 4, trainCars: 2, contracts: 3, loaded: 1, progressTrain: 1, buildings: 8 });
    expect(p.total).toBe(4 + 2 + 3 + 1 + 1 + 8);
  });

  test('a player\'s view scores the same as the full state (hidden face-down cards still count)', () => {
    const s = freshGame();
    addCar(s, 0, 'hopper-1.1');
    loadCard(s, 0, 'hopper-1.1', good(s, 'oil'), true);
    build(s, 0, 'bank.1');
    const full = scoreBreakdown(s);
    expect(scoreBreakdown(playerView(s, 1))).toEqual(full);
    expect(scoreBreakdown(playerView(s, 'spectator'))).toEqual(full);
    expect(full.players[0]).toMatchObject({ loaded: 1, buildings: 2 });
  });
});

describe('buildings', () => {
  /** Islands: Billington's flipped to secondary 1 (coal+box+box) and Cactus Mines open (coal+coal). */
  function contractsTable() {
    const s = freshGame();
    giveIsland(s, 0, 'billingtons', 1); // primary box+coal, secondary coal+box+box
    giveIsland(s, 0, 'cactus'); // primary coal+coal (its secondaries are not done)
    giveIsland(s, 1, 'flint'); // coal+oil, but another player's
    return s;
  }

  test('Coal Factory: 2 per coal on your completed primary and secondary contracts', () => {
    const s = build(contractsTable(), 0, 'coal-factory.1');
    // coal: 1 (Billington's primary) + 1 (its secondary) + 2 (Cactus primary) = 4
    expect(buildingPoints(s, s.players[0], 'coal-factory.1')).toBe(8);
    expect(score(s)).toMatchObject({ buildings: 8, buildingDetail: [{ card: 'coal-factory.1', points: 8 }] });
  });

  test('Coal Factory: an open card\'s secondary contracts are not completed', () => {
    const s = freshGame();
    giveIsland(s, 0, 'devon'); // primary box+box; secondaries coal+oil / box+coal+coal not done
    build(s, 0, 'coal-factory.1');
    expect(score(s).buildings).toBe(0);
  });

  test('Oil Refinery: 2 per oil on completed contracts', () => {
    const s = freshGame();
    giveIsland(s, 0, 'alpine', 1); // primary oil+box, secondary oil+oil+box: 3 oil
    giveIsland(s, 0, 'eagle'); // primary oil+oil: 2 oil
    build(s, 0, 'oil-refinery.1');
    expect(score(s).buildings).toBe(10);
    // The contracts table has no oil of seat 0's own.
    expect(buildingPoints(contractsTable(), contractsTable().players[0], 'oil-refinery.1')).toBe(0);
  });

  test('Customs House: 2 per box on completed contracts', () => {
    const s = build(contractsTable(), 0, 'customs-house.1');
    // box: 1 (Billington's primary) + 2 (its secondary) = 3
    expect(score(s).buildings).toBe(6);
    giveIsland(s, 0, 'devon'); // + box+box
    expect(score(s).buildings).toBe(10);
  });

  test('Bank: 2 per loaded cargo or passenger (on top of their 1 each)', () => {
    const s = freshGame();
    build(s, 0, 'bank.1');
    expect(score(s).buildings).toBe(0);
    addCar(s, 0, 'boxcar-2.1');
    const [b1, b2] = goods(s, 'box', 2);
    loadCard(s, 0, 'boxcar-2.1', b1);
    loadCard(s, 0, 'boxcar-2.1', b2);
    ride(s, 0, E0, 'p-devon-1');
    expect(score(s)).toMatchObject({ loaded: 3, buildings: 6 });
  });

  test('Grand Central: 8 with no requirements', () => {
    const s = build(freshGame(), 0, 'grand-central.1');
    expect(score(s)).toMatchObject({ buildings: 8, total: 8 });
  });

  test('Town Hall: 2 per engine or car with passenger seats', () => {
    const s = freshGame();
    build(s, 0, 'town-hall.1');
    expect(score(s).buildings).toBe(2); // the engine carries passengers
    setEngine(s, 0, 'engine-3.1');
    addCar(s, 0, 'coach-1.1');
    addCar(s, 0, 'coach-2.1');
    addCar(s, 0, 'hopper-1.1'); // no seats
    addCar(s, 0, 'caboose-8.1'); // passenger caboose ability, but no seats
    expect(score(s).buildings).toBe(6);
  });

  test('Rail Yard: 2 per train car, not counting the engine (cabooses are cars)', () => {
    const s = freshGame();
    build(s, 0, 'rail-yard.1');
    expect(score(s).buildings).toBe(0);
    addCar(s, 0, 'hopper-1.1');
    addCar(s, 0, 'coach-1.1');
    addCar(s, 0, 'caboose-6.1');
    expect(score(s).buildings).toBe(6);
  });

  /** Put these passengers on a destination's ticket tile, keeping whatever tile lies there. */
  function fill(s: GameState, destination: string, passengers: string[]): void {
    setTicket(s, destination, s.tickets.find((t) => t.destination === destination)!.tile, passengers);
  }

  test('Northern Station: 4 + 1 per passenger on the Alpine Lodge and Billington\'s tiles, whoever delivered it', () => {
    const s = build(freshGame(), 0, 'northern-station.1');
    expect(score(s).buildings).toBe(4);
    fill(s, 'alpine', ['p-alpine-1', 'p-alpine-2']);
    fill(s, 'billingtons', ['p-billingtons-1']);
    fill(s, 'cactus', ['p-cactus-1', 'p-cactus-2', 'p-cactus-3']);
    expect(score(s).buildings).toBe(4 + 3);
  });

  test('Middle Station: 4 + 1 per passenger on the Cactus Mines and Devon City tiles', () => {
    const s = build(freshGame(), 0, 'middle-station.1');
    fill(s, 'alpine', ['p-alpine-1', 'p-alpine-2']);
    fill(s, 'cactus', ['p-cactus-1', 'p-cactus-2']);
    fill(s, 'devon', ['p-devon-1', 'p-devon-2', 'p-devon-3']);
    expect(score(s).buildings).toBe(4 + 5);
  });

  test('Southern Station: 4 + 1 per passenger on the Camp Eagle and Flint Beach tiles', () => {
    const s = build(freshGame(), 0, 'southern-station.1');
    fill(s, 'eagle', ['p-eagle-1']);
    fill(s, 'flint', ['p-flint-1', 'p-flint-2']);
    fill(s, 'devon', ['p-devon-1', 'p-devon-2', 'p-devon-3']);
    expect(score(s).buildings).toBe(4 + 3);
  });

  test('a station counts a passenger another player delivered to its tiles', () => {
    const s0 = build(freshGame(), 0, 'southern-station.1');
    s0.turn = { ...s0.turn, seat: 1 };
    ride(s0, 1, E1, 'p-flint-1');
    expect(score(s0).buildings).toBe(4);
    let s = act(s0, { type: 'deliver', at: 'flint' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-flint-1' });
    expect(s.tickets.find((t) => t.destination === 'flint')!.filled).toEqual(['p-flint-1']);
    expect(scoreBreakdown(s).players[0].buildings).toBe(5);
    expect(scoreBreakdown(playerView(s, 1)).players[0].buildings).toBe(5);
  });

  test('a station counts passengers delivered to ticket tiles in play', () => {
    const s0 = build(freshGame(), 0, 'southern-station.1');
    ride(s0, 0, E0, 'p-eagle-1');
    setTicket(s0, 'eagle', 'cards');
    expect(score(s0).buildings).toBe(4);
    let s = act(s0, { type: 'deliver', at: 'eagle' });
    s = act(s, { type: 'deliverTicket', passenger: 'p-eagle-1' });
    expect(score(s).buildings).toBe(5);
  });

  test('a passenger returned by a special delivery counts for no station', () => {
    const s0 = build(freshGame(), 0, 'southern-station.1');
    ride(s0, 0, E0, 'p-eagle-1');
    let s = act(s0, { type: 'deliver', at: 'eagle' });
    s = act(s, { type: 'deliverSpecial', item: 'p-eagle-1' });
    expect(score(s).buildings).toBe(4);
  });

  test('with Caboose 4\'s second building both buildings score', () => {
    const s = freshGame();
    addCar(s, 0, 'caboose-4.1');
    build(s, 0, 'grand-central.1');
    build(s, 0, 'rail-yard.1');
    expect(score(s).buildingDetail).toEqual([{ card: 'grand-central.1', points: 8 }, { card: 'rail-yard.1', points: 2 }]);
    expect(score(s).buildings).toBe(10);
  });
});

describe('winner and tie-breakers', () => {
  test('most points wins', () => {
    const s = freshGame();
    s.players[1].vp = 1;
    expect(scoreBreakdown(s)).toMatchObject({ winners: [1], decidedBy: 'score' });
  });

  test('tied on points: the longest train wins', () => {
    const s = freshGame();
    addCar(s, 0, 'hopper-1.1'); // 2 VP, length 2
    s.players[1].vp = 2; // 2 points, length 1
    expect(score(s, 0).total).toBe(score(s, 1).total);
    expect(scoreBreakdown(s)).toMatchObject({ winners: [0], decidedBy: 'longest-train' });
  });

  test('tied on points and length: the most engine and train car points wins', () => {
    const s = freshGame();
    addCar(s, 0, 'hopper-2.1'); // 5 VP
    addCar(s, 1, 'hopper-1.1'); // 2 VP
    s.players[1].vp = 3;
    expect(score(s, 0).total).toBe(5);
    expect(score(s, 1).total).toBe(5);
    expect(scoreBreakdown(s)).toMatchObject({ winners: [0], decidedBy: 'train-points' });
  });

  test('still tied: the victory is shared', () => {
    const s = freshGame();
    addCar(s, 0, 'hopper-1.1');
    addCar(s, 1, 'tanker-1.1');
    s.players[0].vp = 1;
    s.players[1].vp = 1;
    expect(scoreBreakdown(s)).toMatchObject({ winners: [0, 1], decidedBy: 'shared' });
  });

  test('the tie-breakers only look at the players tied for most points', () => {
    const s = createGame({ players: 3, seed: 'x' });
    addCar(s, 2, 'hopper-3.1'); // seat 2: 8 + 2 = 10 points, the longest train (3) and most train points
    addCar(s, 2, 'tanker-1.1');
    s.players[0].vp = 11; // seat 0: 11 points, length 1
    addCar(s, 1, 'boxcar-1.1'); // seat 1: 2 + 9 = 11 points, length 2
    s.players[1].vp = 9;
    expect(scoreBreakdown(s).players.map((p) => [p.total, p.trainLength])).toEqual([[11, 1], [11, 2], [10, 3]]);
    expect(scoreBreakdown(s)).toMatchObject({ winners: [1], decidedBy: 'longest-train' });
  });
});

describe('the 54-point example', () => {
  test('10 tokens + 13 train cars + 21 contracts + 3 loaded + 1 progress train + 6 Bank = 54', () => {
    const s = freshGame();
    s.players[0].vp = 10;
    // Train cars: Engine L2 (2) + Hopper L2 (5) + Boxcar L2 (5) + Coach L1 (1) = 13; weight 2+3+1 = 6 of 6.
    setEngine(s, 0, 'engine-2.1');
    addCar(s, 0, 'hopper-2.1');
    addCar(s, 0, 'boxcar-2.1');
    addCar(s, 0, 'coach-1.1');
    // Loaded: 2 coal + 1 passenger.
    const [c1, c2] = goods(s, 'coal', 2);
    loadCard(s, 0, 'hopper-2.1', c1);
    loadCard(s, 0, 'hopper-2.1', c2);
    ride(s, 0, 'coach-1.1', 'p-alpine-1');
    // Contracts: Billington's secondary 1 (12) + Flint Beach secondary 0 (9) = 21.
    giveIsland(s, 0, 'billingtons', 1);
    giveIsland(s, 0, 'flint', 0);
    s.progressTrain = 0;
    build(s, 0, 'bank.1');

    expect(score(s)).toEqual({
      seat: 0,
      tokens: 10,
      trainCars: 13,
      contracts: 21,
      loaded: 3,
      progressTrain: 1,
      buildings: 6,
      buildingDetail: [{ card: 'bank.1', points: 6 }],
      total: 54,
      trainLength: 4,
    });
    expect(scoreBreakdown(s)).toMatchObject({ winners: [0], decidedBy: 'score', rating: null });
  });
});
