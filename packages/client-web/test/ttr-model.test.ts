/** The second game's table, its pure parts: map geometry, the payment chooser, the route list, ticket highlights, the trail. */
import {
  applyAction, COLOURS, createGame, createSimulator, edgesOf, legalActions, longestTrail, NORTHERN_EUROPE, payments, pending, playerView, scoreBreakdown, TrailCache, type GameState, type RouteData, type ScoreBreakdown, type SeatScore,
} from '@isle-of-trains/ttr-rules';
import { arcticY, clampBox, parallelOffset, trackLine, trackSpaces, zoomBox, TRACK_GAP } from '../src/ttr/geometry';
import { bonusLines, claimability, cyclePayment, decidedText, endReason, longestTrailRoutes, openPayment, pairsIn, routeList, standings, ticketCities, ticketPath, trailOf, turnLine, waitingLine } from '../src/ttr/model';

const map = NORTHERN_EUROPE;
const data = map.data;

/** Distance from point p to the infinite line through a and b, signed by side. */
function side(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  return ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / Math.hypot(b.x - a.x, b.y - a.y);
}

describe('map geometry', () => {
  test('the tracks of a pair are spread evenly round the line between their cities', () => {
    expect([1, 2].map((track) => parallelOffset({ track, tracks: 2 }))).toEqual([-TRACK_GAP / 2, TRACK_GAP / 2]);
    expect([1, 2, 3].map((track) => parallelOffset({ track, tracks: 3 }))).toEqual([-TRACK_GAP, 0, TRACK_GAP]);
    expect(parallelOffset({ track: 1, tracks: 1 })).toBe(0);
  });

  test('every pair on the shipped map is drawn as separate parallel lines, one gap apart, even where the file names the ends in opposite orders', () => {
    for (const [, ids] of map.pairTracks) {
      if (ids.length < 2) continue;
      const routes = ids.map((id) => map.route.get(id)!);
      const a = map.city.get(routes[0].from)!;
      const b = map.city.get(routes[0].to)!;
      const offsets = routes.map((r) => side(trackLine(data, r).from, a, b)).sort((x, y) => x - y);
      for (let i = 1; i < offsets.length; i++) expect(offsets[i] - offsets[i - 1]).toBeCloseTo(TRACK_GAP, 5);
      // The same track with its ends named the other way round lands on the same side.
      const r = routes[0];
      const flipped: RouteData = { ...r, from: r.to, to: r.from };
      expect(side(trackLine(data, flipped).to, a, b)).toBeCloseTo(side(trackLine(data, r).from, a, b), 5);
    }
  });

  test("a track's spaces are as many as its length, in order along it and clear of both cities", () => {
    const r = map.routes.find((x) => x.length === 4)!;
    const line = trackLine(data, r);
    const sp = trackSpaces(line, r.length);
    expect(sp).toHaveLength(4);
    const along = sp.map((s) => Math.hypot(s.cx - line.from.x, s.cy - line.from.y));
    expect([...along].sort((x, y) => x - y)).toEqual(along);
    const total = Math.hypot(line.to.x - line.from.x, line.to.y - line.from.y);
    expect(along[0] - sp[0].length / 2).toBeGreaterThan(5);
    expect(total - along[3] - sp[3].length / 2).toBeGreaterThan(5);
  });

  test('the Arctic Circle lies between the Arctic cities and the others', () => {
    const y = arcticY(data);
    for (const c of data.cities) {
      if (c.arctic) expect(c.y).toBeLessThan(y + 5);
      else if (c.lat < 66) expect(c.y).toBeGreaterThan(y);
    }
  });

  test('zooming keeps the point under the fingers and never leaves the map', () => {
    const full = { x: 0, y: 0, w: 1000, h: 1400 };
    const z = zoomBox(full, 2, 0.25, 0.5, full);
    expect(z.w).toBe(500);
    expect(z.x + 0.25 * z.w).toBeCloseTo(250, 5);
    expect(zoomBox(z, 0.01, 0.5, 0.5, full)).toEqual(full);
    expect(clampBox({ x: -300, y: 5000, w: 500, h: 700 }, full)).toEqual({ x: 0, y: 700, w: 500, h: 700 });
  });
});

/** A game played by random legal moves until `pred` holds for seat 0 at its turn. */
function playUntil(seed: string, pred: (s: GameState) => boolean, players = 2): GameState {
  const sim = createSimulator(createGame({ players, seed }));
  let x = 7;
  const rnd = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 0x100000000);
  for (let i = 0; i < 2000; i++) {
    const d = sim.pending()[0];
    if (!d) break;
    if (d.seat === 0 && d.kind === 'turn' && pred(sim.state)) return sim.state;
    const legal = sim.legal(d.seat);
    // Draw cards mostly, so hands grow and claims with choices appear.
    const draws = legal.filter((a) => a.type === 'drawBlind' || a.type === 'drawFaceUp');
    const pool = d.seat === 0 && draws.length && rnd() < 0.9 ? draws : legal;
    sim.apply(d.seat, pool[Math.floor(rnd() * pool.length)]);
  }
  throw new Error('condition never met');
}

describe('payment chooser', () => {
  test('opens prefilled with the cheapest payment the rules list, and cycles only through those payments', () => {
    const s = playUntil('chooser', (st) => map.routes.some((r) => payments(st, 0, r.id).length >= 3));
    const v = playerView(s, 0);
    const route = map.routes.find((r) => payments(s, 0, r.id).length >= 3)!;
    const all = payments(v, 0, route.id);
    const c = openPayment(v, 0, route.id)!;
    expect(c.options[c.index]).toEqual(all[0]);
    // Cheapest: no other payment uses fewer locomotives.
    for (const p of all) expect(p.loco ?? 0).toBeGreaterThanOrEqual(all[0].loco ?? 0);
    const seen = [c.options[c.index]];
    let k = c;
    for (let i = 1; i < all.length; i++) seen.push((k = cyclePayment(k, 1)).options[k.index]);
    expect(seen).toEqual(all);
    expect(cyclePayment(c, -1).options[cyclePayment(c, -1).index]).toEqual(all[all.length - 1]);
    // Every payment offered is one the rules accept.
    for (const pay of all) expect(applyAction(s, 0, { type: 'claim', route: route.id, pay }).ok).toBe(true);
  });

  test('counts the pairs standing in for locomotives on a ferry', () => {
    const ferry = map.routes.find((r) => r.kind === 'ferry' && r.locomotives === 1 && r.length === 2)!;
    expect(pairsIn(ferry, { red: 3 })).toBe(1);
    expect(pairsIn(ferry, { red: 1, loco: 1 })).toBe(0);
    expect(pairsIn(ferry, { red: 1, blue: 2 })).toBe(1);
    const rail = map.routes.find((r) => r.kind === 'rail')!;
    expect(pairsIn(rail, { red: 5 })).toBe(0);
  });
});

describe('route list', () => {
  test('lists every track once, the ones this seat can claim first, each claimable exactly when the rules offer a claim', () => {
    const s = playUntil('list', (st) => Object.keys(st.claims).length >= 4 && map.routes.some((r) => payments(st, 0, r.id).length > 0));
    const view = playerView(s, 0);
    const legal = createSimulator(s).legal(0);
    const list = routeList({ view, seat: 0, map: data }, legal);
    expect(list.map((e) => e.id).sort((a, b) => a - b)).toEqual(map.routes.map((r) => r.id));
    const claimable = new Set(legal.flatMap((a) => (a.type === 'claim' ? [a.route] : [])));
    expect(list.filter((e) => e.claimable).map((e) => e.id).sort((a, b) => a - b)).toEqual([...claimable].sort((a, b) => a - b));
    const firstOther = list.findIndex((e) => !e.claimable);
    expect(list.slice(firstOther).every((e) => !e.claimable)).toBe(true);
    for (const [id, owner] of Object.entries(s.claims)) {
      const e = list.find((x) => x.id === Number(id))!;
      expect(e.owner).toBe(owner);
      expect(e.claimable).toBe(false);
    }
  });

  test('at two players a double route is closed once one track is claimed, and says so', () => {
    const s0 = createGame({ players: 2, seed: 'locks' });
    const pair = [...map.pairTracks.values()].find((ids) => ids.length === 2)!;
    const s: GameState = { ...s0, claims: { [String(pair[0])]: 1 } };
    const v = playerView(s, 0);
    const c = claimability(v, map, 0, map.route.get(pair[1])!, []);
    expect(c.ok).toBe(false);
    expect(c.why).toMatch(/closed: only 1 of these 2 parallel tracks/);
  });
});

describe('ticket highlight and longest trail', () => {
  test("a ticket lights exactly its two cities; several light all of theirs", () => {
    const [t1, t2] = data.tickets;
    expect([...ticketCities(map, [t1.id])].sort()).toEqual([t1.from, t1.to].sort());
    expect(ticketCities(map, [t1.id, t2.id])).toEqual(new Set([t1.from, t1.to, t2.from, t2.to]));
    expect(ticketCities(map, []).size).toBe(0);
  });

  test("a ticket's way on an empty board is a chain of routes from one city to the other as long as its points", () => {
    const view = playerView(createGame({ players: 2, seed: 'path' }), 0);
    for (const t of data.tickets) {
      const ids = ticketPath(view, 0, t.id);
      let at = t.from;
      for (const id of ids) {
        const r = map.route.get(id)!;
        expect([r.from, r.to]).toContain(at);
        at = r.from === at ? r.to : r.from;
      }
      expect(at).toBe(t.to);
      // The map's ticket points are the shortest path in spaces.
      expect(ids.reduce((n, id) => n + map.route.get(id)!.length, 0)).toBe(t.points);
    }
  });

  test("a ticket's way counts this seat's routes as free and goes round routes others hold", () => {
    const s0 = createGame({ players: 2, seed: 'path' });
    const t = data.tickets.find((x) => x.points >= 8)!;
    const first = ticketPath(playerView(s0, 0), 0, t.id);
    const mine: GameState = { ...s0, claims: { [String(first[0])]: 0 } };
    expect(ticketPath(playerView(mine, 0), 0, t.id)).toContain(first[0]);
    const theirs: GameState = { ...s0, claims: Object.fromEntries((map.pairTracks.get(map.route.get(first[0])!.pair) ?? []).map((id) => [String(id), 1])) };
    expect(ticketPath(playerView(theirs, 0), 0, t.id)).not.toContain(first[0]);
  });

  test("the trail drawn is a real trail as long as the rules' longest trail", () => {
    // One track of each of the first 30 pairs: a network with branches and loops round Oslo and Stockholm.
    const claims: Record<string, number> = {};
    for (const ids of [...map.pairTracks.values()].slice(0, 30)) claims[String(ids[0])] = 0;
    const edges = edgesOf(map, claims, 0);
    expect(edges.length).toBe(30);
    const ids = longestTrailRoutes(edges);
    const byId = new Map(edges.map((e) => [e.id, e]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.reduce((n, id) => n + byId.get(id)!.length, 0)).toBe(longestTrail(edges));
    // Consecutive routes share a city.
    for (let i = 1; i < ids.length; i++) {
      const a = byId.get(ids[i - 1])!;
      const b = byId.get(ids[i])!;
      expect([a.a, a.b].some((c) => c === b.a || c === b.b)).toBe(true);
    }
  });
});

/** `moves` moves (or to the end) by the first legal action, claims first and no ticket draws when there is a choice. */
function playOn(start: GameState, moves: number): GameState {
  let s = start;
  for (let i = 0; i < moves && !s.gameOver; i++) {
    const d = pending(s)[0];
    const legal = legalActions(s, d.seat);
    const r = applyAction(s, d.seat, legal.find((a) => a.type === 'claim') ?? legal.find((a) => a.type !== 'drawTickets') ?? legal[0]);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

describe('bonus cards and the turn line', () => {
  test('leaders by public measures; cards counting hands or tickets stay hidden but show this seat its own number', () => {
    const s0 = createGame({ players: 3, seed: 'bonus' });
    const ferry = map.routes.find((r) => r.kind === 'ferry')!;
    const s: GameState = {
      ...s0,
      bonusCards: ['cost-efficiency', 'ferry-master', 'call-of-the-wild', 'small-steps'],
      claims: { [String(ferry.id)]: 1 },
      players: s0.players.map((p) => (p.seat === 1 ? { ...p, trainsLeft: 40 - ferry.length } : p)),
    };
    const lines = bonusLines(playerView(s, 2), 2);
    const by = new Map(lines.map((l) => [l.id, l]));
    expect(by.get('cost-efficiency')!.leaders).toEqual([0, 2]);
    expect(by.get('ferry-master')!.leaders).toEqual([1]);
    expect(by.get('small-steps')!.leaders).toEqual([]);
    const wild = by.get('call-of-the-wild')!;
    expect(wild.hidden).toBe(true);
    expect(wild.leaders).toEqual([]);
    const hand = s.players[2].hand;
    expect(wild.mine).toBe(hand.loco + COLOURS.reduce((n, c) => n + Math.floor(hand[c] / 2), 0));
  });

  test("the Nordic Express standing and the end screen's trail come from the table's TrailCache: searched again only when a seat's routes change", () => {
    // A 3-seat game played by the first legal action (claims first) for 150 moves, Nordic Express in play.
    let s: GameState = { ...createGame({ players: 3, seed: 'trail-cache' }), bonusCards: ['nordic-express', 'cost-efficiency', 'ferry-master', 'snowplow'] };
    const trails = new TrailCache();
    for (let i = 0; i < 150 && !s.gameOver; i++) {
      s = playOn(s, 1);
      const before = trails.searches;
      const line = bonusLines(playerView(s, 0), 0, trails).find((l) => l.id === 'nordic-express')!;
      const lengths = s.players.map((p) => longestTrail(edgesOf(map, s.claims, p.seat)));
      expect(line.best).toBe(Math.max(...lengths));
      // A second draw of the same position (a hover, a click) searches nothing.
      bonusLines(playerView(s, 0), 0, trails);
      expect(trails.searches).toBeLessThanOrEqual(before + s.players.length);
      const drawnAgain = trails.searches;
      bonusLines(playerView(s, 1), 1, trails);
      expect(trails.searches).toBe(drawnAgain);
    }
    // The table's cache did the searching (some claims were made), far fewer times than positions drawn:
    // only a claim changes a seat's network.
    expect(Object.keys(s.claims).length).toBeGreaterThan(5);
    expect(trails.searches).toBeGreaterThan(0);
    expect(trails.searches).toBeLessThan(150 * 3 / 2);
    // The end screen's length is the cache's, and its walk is that long.
    const searches = trails.searches;
    for (const p of s.players) {
      const t = trailOf(playerView(s, p.seat), p.seat, trails);
      const byId = new Map(edgesOf(map, s.claims, p.seat).map((e) => [e.id, e.length]));
      expect(t.routes.reduce((n, id) => n + byId.get(id)!, 0)).toBe(t.length);
    }
    expect(trails.searches).toBe(searches);
  });

  test('a seat with nothing to decide (a spectator, a player between turns) is told whom the table waits for', () => {
    const s0 = createGame({ players: 3, seed: 'waiting' });
    const names = ['Ada', 'Bo', 'Cy'];
    // The opening choice: everyone still choosing is named; a seat still choosing is waited for by nobody.
    expect(waitingLine(playerView(s0, 'spectator'), null, names)).toBe('Waiting for Ada, Bo and Cy to choose their tickets');
    expect(waitingLine(playerView(s0, 0), 0, names)).toBeNull();
    const s: GameState = { ...s0, turn: { seat: 0, number: 5, step: 'turn' }, players: s0.players.map((p) => ({ ...p, offer: null })) };
    expect(waitingLine(playerView(s, 'spectator'), null, names)).toBe('Waiting for Ada to claim or draw');
    expect(waitingLine(playerView(s, 2), 2, names)).toBe('Waiting for Ada to claim or draw');
    expect(waitingLine(playerView(s, 0), 0, names)).toBeNull();
    const second: GameState = { ...s, turn: { seat: 1, number: 6, step: 'secondCard' } };
    expect(waitingLine(playerView(second, 'spectator'), null, names)).toBe('Waiting for Bo to take a second card');
    expect(waitingLine(playerView({ ...s, gameOver: true }, 'spectator'), null, names)).toBeNull();
    // The turn line of a seat with nothing to choose at the start names who still chooses.
    expect(turnLine(playerView(s0, 'spectator'), null, names)).toBe('Waiting for Ada, Bo and Cy to choose their tickets.');
  });

  test('once the game is over the turn line names the winner ("you" for the seat that won)', () => {
    const s = playOn(createGame({ players: 2, seed: 'over-line' }), 3000);
    expect(s.gameOver).toBe(true);
    const v = playerView(s, 'spectator');
    const winners = standings(scoreBreakdown(v)).filter((r) => r.place === 1).map((r) => r.seat);
    const names = ['Ann', 'Bo'];
    if (winners.length === 1) {
      expect(turnLine(v, null, names)).toBe(`The game is over: ${names[winners[0]]} wins.`);
      expect(turnLine(playerView(s, winners[0]), winners[0], names)).toBe('The game is over: you win.');
    } else {
      expect(turnLine(v, null, names)).toBe('The game is over: Ann and Bo share the win.');
    }
  });

  test('the turn line names whose turn it is and counts down the last round', () => {
    const s0 = createGame({ players: 2, seed: 'turn' });
    const names = ['Ann', 'Bo'];
    expect(turnLine(playerView(s0, 0), 0, names)).toMatch(/^Choose the tickets you keep \(at least 2\)/);
    const s: GameState = { ...s0, turn: { seat: 1, number: 30, step: 'turn' }, players: s0.players.map((p) => ({ ...p, offer: null })), finalTurnsLeft: 2, endTriggeredBy: 1 };
    expect(turnLine(playerView(s, 0), 0, names)).toBe("Bo's turn. Last round: 2 turns left.");
    expect(turnLine(playerView(s, 1), 1, names)).toMatch(/^Your turn: draw cards, claim a route or draw tickets\. Last round: 2 turns left\.$/);
  });
});

describe('end screen', () => {
  const seatScore = (seat: number, total: number, completed: number, bonusWon: number): SeatScore => ({
    seat, routePoints: total, tickets: [], ticketPoints: 0, completedTickets: completed, bonus: [], bonusPoints: 0, bonusCardsWon: bonusWon, total,
  });
  const breakdown = (players: SeatScore[]): ScoreBreakdown => ({ players, winners: [], decidedBy: 'score', final: true });

  test('places follow the total, then completed tickets, then bonus cards won; a place is shared only when all three are level', () => {
    const rows = standings(breakdown([seatScore(0, 50, 2, 1), seatScore(1, 60, 0, 0), seatScore(2, 50, 3, 0), seatScore(3, 50, 2, 1)]));
    expect(rows.map((r) => [r.seat, r.place])).toEqual([[1, 1], [2, 2], [0, 3], [3, 3]]);
  });

  test('how the win was decided and why the game ended, in words', () => {
    expect(decidedText('score')).toMatch(/points/);
    expect(decidedText('tickets')).toMatch(/completed tickets decided/);
    expect(decidedText('bonus-cards')).toMatch(/bonus cards won decided/);
    expect(decidedText('shared')).toMatch(/shared/);
    const s = createGame({ players: 2, seed: 'end-words', names: ['Ada', 'Bo'] });
    const v = playerView(s, 'spectator');
    expect(endReason({ ...v, result: { reason: 'passes' } }, ['Ada', 'Bo'])).toMatch(/pass/);
    expect(endReason({ ...v, result: { reason: 'trains' }, endTriggeredBy: 1 }, ['Ada', 'Bo'])).toMatch(/Bo ran down/);
  });
});
