/**
 * One world consistent with a seat's view of the second game: a full GameState the simulator can play on,
 * in which everything the seat can see is as it sees it and everything hidden is dealt at random.
 *
 * - Cards: the unseen ones (the 114 minus the seat's hand, the display and the discard pile, all public to
 *   it) are shuffled; each opponent gets as many as its public hand count, the deck the rest.
 * - Tickets: every ticket the seat does not hold or have on offer is unseen. Each opponent gets as many as
 *   its public ticket count (and its offer, while it chooses), drawn with a weight that grows with the
 *   ticket's cities already on its network: claims tell which tickets a player is likely to hold.
 * - The generator of the world is a fresh one from the world's seed, so draws in the world are new draws.
 *
 * Only the view is read: the world is a guess, never the table.
 */
import {
  CARDS, emptyHand, mapOf,
  type Card, type GameState, type GameView, type PlayerState,
} from '@isle-of-trains/ttr-rules';
import { fastRng, nextUint32, shuffleInPlace, type RngState } from '@isle-of-trains/engine-core';

const PER_COLOUR = 12;
const LOCOMOTIVES = 18;
const OPENING_OFFER = 4;
/** How much more likely a ticket is held by a player for each of its two cities on that player's network. */
const ON_NETWORK_WEIGHT = 4;

export function determiniseTtr(view: GameView, seat: number, rng: RngState): GameState {
  const map = mapOf(view.options.map);
  const me = view.players[seat];
  if (!me.hand || !me.tickets) throw new Error(`the view does not show seat ${seat}'s hand and tickets`);

  // Unseen cards.
  const unseen: Card[] = [];
  for (const c of CARDS) {
    let n = (c === 'loco' ? LOCOMOTIVES : PER_COLOUR) - me.hand[c] - view.discardCounts[c];
    for (const d of view.display) if (d === c) n--;
    for (let i = 0; i < n; i++) unseen.push(c);
  }
  shuffleInPlace(rng, unseen);

  // Unseen tickets, and each opponent's network (cities of its claims).
  const mine = new Set<number>([...me.tickets.map((t) => t.id), ...(me.offer ?? [])]);
  let pool = map.data.tickets.map((t) => t.id).filter((id) => !mine.has(id));
  shuffleInPlace(rng, pool);
  const network = view.players.map(() => new Set<string>());
  for (const [id, owner] of Object.entries(view.claims)) {
    const r = map.route.get(Number(id))!;
    network[owner].add(r.from);
    network[owner].add(r.to);
  }
  const drawTickets = (owner: number, n: number): number[] => {
    const out: number[] = [];
    for (let k = 0; k < n && pool.length > 0; k++) {
      const w = pool.map((id) => {
        const t = map.ticket.get(id)!;
        return 1 + ON_NETWORK_WEIGHT * ((network[owner].has(t.from) ? 1 : 0) + (network[owner].has(t.to) ? 1 : 0));
      });
      let x = (nextUint32(rng) / 2 ** 32) * w.reduce((a, b) => a + b, 0);
      let i = 0;
      while (i < w.length - 1 && x >= w[i]) x -= w[i++];
      out.push(pool[i]);
      pool.splice(i, 1);
    }
    return out;
  };

  const setup = view.turn.step === 'setup';
  const setupReturns: number[][] = view.players.map(() => []);
  const players: PlayerState[] = view.players.map((p) => {
    if (p.seat === seat) {
      const hand = emptyHand();
      for (const c of CARDS) hand[c] = me.hand![c];
      return {
        seat: p.seat, name: p.name, trainsLeft: p.trainsLeft, hand, tickets: me.tickets!.map((t) => t.id),
        offer: me.offer == null ? null : me.offer.slice(), routePoints: p.routePoints,
      };
    }
    const hand = emptyHand();
    for (let i = 0; i < p.handCount && unseen.length > 0; i++) hand[unseen.pop()!] += 1;
    const tickets = drawTickets(p.seat, p.ticketCount);
    const offer = p.offerCount > 0 ? drawTickets(p.seat, p.offerCount) : null;
    return { seat: p.seat, name: p.name, trainsLeft: p.trainsLeft, hand, tickets, offer, routePoints: p.routePoints };
  });
  // During the opening choice a seat that has chosen holds back its returned tickets until everyone has.
  if (setup) {
    for (const p of view.players) {
      if (p.offerCount === 0 && p.ticketCount > 0) setupReturns[p.seat] = p.seat === seat ? [] : pool.splice(0, Math.max(0, OPENING_OFFER - p.ticketCount));
    }
  }
  if (setup && me.offerCount === 0 && me.ticketCount > 0) {
    // The seat's own returns are unknown to the view as well (it only keeps what it kept): any unseen ones do.
    setupReturns[seat] = pool.splice(0, Math.max(0, OPENING_OFFER - me.ticketCount));
  }
  pool = pool.slice(0, view.ticketDeckCount);
  const deck = unseen.slice(0, view.deckCount);
  const discard: Card[] = [];
  for (const c of CARDS) for (let i = 0; i < view.discardCounts[c]; i++) discard.push(c);

  return {
    kind: 'state',
    version: view.version,
    options: { players: view.options.players, seed: 'world', names: view.options.names.slice(), map: { ...view.options.map } },
    rng: fastRng([nextUint32(rng), nextUint32(rng), nextUint32(rng), nextUint32(rng) | 1]),
    deck,
    discard,
    display: view.display.slice(),
    ticketDeck: pool,
    bonusCards: view.bonusCards.slice(),
    claims: { ...view.claims },
    players,
    turn: { ...view.turn },
    setupReturns,
    passesInARow: view.passesInARow,
    endTriggeredBy: view.endTriggeredBy,
    finalTurnsLeft: view.finalTurnsLeft,
    gameOver: view.gameOver,
    result: view.result === null ? null : { ...view.result },
  };
}
