/**
 * The greedy bot of the second game: it plans for its tickets, claims on its plan when it can pay, draws
 * what the plan needs, takes tickets only when its own are done, and it beats the random bot clearly.
 */
import { COLOURS, NORTHERN_EUROPE, legalActions, type Colour, scoreBreakdown, ttrGame, type GameState } from '@isle-of-trains/ttr-rules';
import { createTtrBot, planTickets, readBoard, shortestPath } from '@isle-of-trains/bots';
import { playTtrGame } from '../arena/ttr-play';
import { opened, ttrBots, viewOf, withHand } from './ttr-helpers';

const map = NORTHERN_EUROPE;

/** A 2-player game at seat 0's turn in which seat 0 holds only the given ticket. */
function holding(ticketId: number, seed = 'plan'): GameState {
  const s = opened(2, seed);
  s.players[0].tickets = [ticketId];
  s.turn = { ...s.turn, seat: 0, step: 'turn' };
  return s;
}

function greedy(s: GameState, seat = 0) {
  return createTtrBot('greedy', { seed: 'g' }).chooseAction({ view: viewOf(s, seat), seat, history: [] });
}

describe('greedy planning on the map graph', () => {
  const t = map.tickets[0];

  it('finds a path between a ticket\'s cities as long as the ticket is worth, and owned routes cost nothing', () => {
    const s = holding(t.id);
    const board = readBoard(viewOf(s, 0), 0);
    const path = shortestPath(board, t.from, t.to, new Set(), { iconCost: 0 })!;
    // Ticket points are the shortest path in spaces on this map.
    expect(path.reduce((n, p) => n + p.length, 0)).toBe(t.points);
    // Claim the first pair's track for seat 0: it drops out of what is still to claim.
    const own = path[0].open[0];
    s.claims[String(own.id)] = 0;
    const after = shortestPath(readBoard(viewOf(s, 0), 0), t.from, t.to, new Set(), { iconCost: 0 })!;
    expect(after.map((p) => p.id)).not.toContain(own.pair);
    expect(after.reduce((n, p) => n + p.length, 0)).toBe(t.points - own.length);
  });

  it('routes around a pair closed by another player', () => {
    const s = holding(t.id);
    const first = shortestPath(readBoard(viewOf(s, 0), 0), t.from, t.to, new Set(), { iconCost: 0 })!;
    // At 2 players one track of a pair closes it: seat 1 takes one track of every pair on the first path.
    for (const p of first) s.claims[String(p.open[0].id)] = 1;
    const detour = shortestPath(readBoard(viewOf(s, 0), 0), t.from, t.to, new Set(), { iconCost: 0 });
    expect(detour).not.toBeNull();
    const closed = new Set(first.map((p) => p.id));
    expect(detour!.some((p) => closed.has(p.id))).toBe(false);
    expect(detour!.reduce((n, p) => n + p.length, 0)).toBeGreaterThan(t.points);
  });

  it('shares track between tickets and gives up the tickets it cannot finish with its trains', () => {
    const s = holding(t.id);
    const board = readBoard(viewOf(s, 0), 0);
    const all = map.tickets.slice(0, 6);
    const plenty = planTickets(board, all, 1000);
    const alone = all.reduce((n, x) => n + x.points, 0);
    expect(plenty.givenUp).toEqual([]);
    expect(plenty.trains).toBeLessThan(alone);
    const tight = planTickets(board, all, 20);
    expect(tight.trains).toBeLessThanOrEqual(20);
    expect(tight.givenUp.length).toBeGreaterThan(0);
    expect(tight.reached.length + tight.givenUp.length).toBe(all.length);
  });
});

describe('greedy choices', () => {
  const t = map.tickets[0];

  it('claims a route of its plan when it holds the cards, paying from the rules\' payment list', () => {
    const s0 = holding(t.id);
    const plan = planTickets(readBoard(viewOf(s0, 0), 0), [t], 40);
    const coloured = plan.pairs.flatMap((p) => p.open).find((r) => r.color !== 'gray')!;
    // Exactly its colour for its length, and one spare locomotive that should be kept.
    const s = withHand(s0, 0, { [coloured.color]: coloured.length, loco: 1 });
    const a = greedy(s);
    expect(a.type).toBe('claim');
    if (a.type !== 'claim') return;
    expect(plan.pairs.map((p) => p.id)).toContain(map.route.get(a.route)!.pair);
    expect(a.pay).toEqual({ [coloured.color]: coloured.length });
  });

  it('pays a ferry with cards its plan does not need, a payment the legal list (one per main colour) does not hold', () => {
    // København–Tromsø: its plan holds the 3-space, 1-icon ferry 33 and the 4-space yellow route 24.
    const k = map.ticket.get(1)!;
    const s = holding(k.id);
    const plan = planTickets(readBoard(viewOf(s, 0), 0), [k], 40);
    const ferry = map.route.get(33)!;
    const yellow = map.route.get(24)!;
    expect(plan.pairs.map((p) => p.id)).toEqual(expect.arrayContaining([ferry.pair, yellow.pair]));
    // Seat 0 already holds the rest of the plan, so only those two are left to claim.
    for (const p of plan.pairs) if (p.id !== ferry.pair && p.id !== yellow.pair) s.claims[String(p.open[0].id)] = 0;
    // 3 yellow (one short of route 24, and all needed for it) and 4 red (needed by nothing).
    const h = withHand(s, 0, { yellow: 3, red: 4 });
    const a = greedy(h);
    expect(a).toEqual({ type: 'claim', route: 33, pay: { red: 4 } });
    // The legal list pairs the icon from the most plentiful colour left, spending yellow the plan needs.
    expect(legalActions(viewOf(h, 0), 0).filter((x) => x.type === 'claim' && x.route === 33)).toEqual([{ type: 'claim', route: 33, pay: { yellow: 2, red: 2 } }]);
  });

  it('draws a colour its plan needs when one is face up, and blind otherwise', () => {
    const s0 = holding(t.id);
    const plan = planTickets(readBoard(viewOf(s0, 0), 0), [t], 40);
    const need = plan.pairs.flatMap((p) => p.open).find((r) => r.color !== 'gray')!.color as Colour;
    const other = COLOURS.find(
      (c) => !plan.pairs.some((p) => p.open.some((r) => r.color === c)),
    )!;
    const s = withHand(s0, 0, {});
    s.display = [other, need, other, other, other];
    expect(greedy(s)).toEqual({ type: 'drawFaceUp', card: need });
    s.display = [other, other, other, other, other];
    expect(greedy(s)).toEqual({ type: 'drawBlind' });
  });

  it('draws tickets only when its tickets are done and it has trains to spare', () => {
    const s = withHand(holding(t.id), 0, {});
    s.players[0].tickets = [];
    expect(greedy(s)).toEqual({ type: 'drawTickets' });
    s.players[0].trainsLeft = 8;
    expect(greedy(s).type).not.toBe('drawTickets');
    s.players[0].trainsLeft = 40;
    s.players[0].tickets = [t.id];
    expect(greedy(s).type).not.toBe('drawTickets');
  });

  it('keeps tickets that fit its trains and gives back one it cannot reach', () => {
    const s = ttrGame.setup({ players: 2, seed: 'keep' });
    const offer = s.players[0].offer!;
    // Close every pair at the first offered ticket's first city: that ticket can no longer be finished.
    const dead = map.ticket.get(offer[0])!;
    for (const r of map.routes) if (r.from === dead.from || r.to === dead.from) s.claims[String(r.id)] = 1;
    const a = greedy(s);
    expect(a.type).toBe('keepTickets');
    if (a.type !== 'keepTickets') return;
    expect(a.keep).not.toContain(dead.id);
    expect(a.keep.length).toBeGreaterThanOrEqual(2);
    expect(legalActions(viewOf(s, 0), 0)).toContainEqual(a);
  });

  it('is deterministic given its seed', () => {
    const run = () => playTtrGame({ players: 3, seed: 'det' }, ttrBots(['greedy', 'greedy', 'random'], 'det')).actions;
    expect(run()).toEqual(run());
  });
});

describe('greedy against random', () => {
  it('wins at least 8 of 10 two-player games (seats alternate; seeds ttr-vs-0..9)', () => {
    let wins = 0;
    for (let g = 0; g < 10; g++) {
      const greedyFirst = g % 2 === 0;
      const bots = greedyFirst ? ttrBots(['greedy', 'random'], `vs-${g}`) : ttrBots(['random', 'greedy'], `vs-${g}`);
      const { state } = playTtrGame({ players: 2, seed: `ttr-vs-${g}` }, bots);
      const greedySeat = greedyFirst ? 0 : 1;
      const sb = scoreBreakdown(state);
      if (sb.winners.length === 1 && sb.winners[0] === greedySeat) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(8);
  });
});
