/** Whole-game invariants checked after every action in the property tests. */
import { CARDS, PASSENGERS, playerView, GameState, legalActions } from '../src';

export function cardPlaces(s: GameState): Map<string, string[]> {
  const where = new Map<string, string[]>();
  const put = (id: string | null, place: string) => {
    if (id === null) return;
    const l = where.get(id) ?? [];
    l.push(place);
    where.set(id, l);
  };
  s.deck.forEach((c) => put(c, 'deck'));
  s.discard.forEach((c) => put(c, 'discard'));
  s.display.forEach((c) => put(c, 'display'));
  for (const p of s.players) {
    p.hand.forEach((c) => put(c, `hand${p.seat}`));
    p.buildings.forEach((c) => put(c, `building${p.seat}`));
    for (const car of p.train) {
      put(car.card, `train${p.seat}`);
      for (const l of car.loads) if (l.kind === 'card') put(l.card, `load${p.seat}`);
    }
  }
  return where;
}

export function passengerPlaces(s: GameState): Map<string, string[]> {
  const where = new Map<string, string[]>();
  const put = (id: string, place: string) => where.set(id, [...(where.get(id) ?? []), place]);
  s.bag.forEach((p) => put(p, 'bag'));
  s.tickets.forEach((t) => t.filled.forEach((p) => put(p, `ticket-${t.destination}`)));
  for (const pl of s.players) {
    pl.supply.forEach((p) => put(p, `supply${pl.seat}`));
    for (const car of pl.train) for (const l of car.loads) if (l.kind === 'passenger') put(l.id, `car${pl.seat}`);
  }
  return where;
}

/**
 * Every card and every passenger is in exactly one place. The fast pass counts ids into one set (run after
 * every action of the property tests); only when it fails are the places collected for the message.
 */
export function checkConservation(s: GameState): void {
  if (!conservedFast(s)) {
    const cards = cardPlaces(s);
    if (cards.size !== CARDS.length) throw new Error(`expected ${CARDS.length} cards in play, found ${cards.size}`);
    for (const [id, places] of cards) if (places.length !== 1) throw new Error(`card ${id} in ${places.join(', ')}`);
    const pax = passengerPlaces(s);
    if (pax.size !== PASSENGERS.length) throw new Error(`expected ${PASSENGERS.length} passengers, found ${pax.size}`);
    for (const [id, places] of pax) if (places.length !== 1) throw new Error(`passenger ${id} in ${places.join(', ')}`);
    throw new Error('conservation failed');
  }
}

// Each id's place in CARDS / PASSENGERS; a pass marks the ids it meets with its own number, so a second
// meeting in the same pass is a duplicate (no set to build per action: this runs after every action).
const CARD_INDEX = new Map(CARDS.map((c, i) => [c.id, i]));
const PASSENGER_INDEX = new Map(PASSENGERS.map((p, i) => [p.id, i]));
const cardMark = new Int32Array(CARDS.length);
const passengerMark = new Int32Array(PASSENGERS.length);
let pass = 0;

/** True when the cards are exactly CARDS, once each, and the passengers exactly PASSENGERS, once each. */
function conservedFast(s: GameState): boolean {
  const mark = ++pass;
  let n = 0;
  const card = (id: string | null) => {
    const i = id === null ? undefined : CARD_INDEX.get(id);
    if (i === undefined || cardMark[i] === mark) return false;
    cardMark[i] = mark;
    n++;
    return true;
  };
  const list = (ids: readonly string[]) => { for (const id of ids) if (!card(id)) return false; return true; };
  if (!list(s.deck) || !list(s.discard) || !list(s.display)) return false;
  let m = 0;
  const passenger = (id: string) => {
    const i = PASSENGER_INDEX.get(id);
    if (i === undefined || passengerMark[i] === mark) return false;
    passengerMark[i] = mark;
    m++;
    return true;
  };
  for (const id of s.bag) if (!passenger(id)) return false;
  for (const t of s.tickets) for (const id of t.filled) if (!passenger(id)) return false;
  for (const p of s.players) {
    if (!list(p.hand) || !list(p.buildings)) return false;
    for (const id of p.supply) if (!passenger(id)) return false;
    for (const car of p.train) {
      if (!card(car.card)) return false;
      for (const l of car.loads) {
        if (l.kind === 'card') { if (!card(l.card)) return false; } else if (!passenger(l.id)) return false;
      }
    }
  }
  // Every id met once and none twice: the counts say none is missing.
  return n === CARDS.length && m === PASSENGERS.length;
}

export function checkNonNegative(s: GameState): void {
  const bad = (what: string, n: number) => { if (!(n >= 0) || !Number.isInteger(n)) throw new Error(`${what} is ${n}`); };
  bad('progress', s.progress);
  bad('actionsLeft', s.turn.actionsLeft);
  for (const p of s.players) bad(`vp of seat ${p.seat}`, p.vp);
  for (const t of s.turn.queue) if ('count' in t) bad(`${t.kind} count`, t.count);
  if (s.finalTurnsLeft !== null) bad('finalTurnsLeft', s.finalTurnsLeft);
}

// A module constant: a global lookup per call is slow inside jest's vm context.
const isArray = Array.isArray;

/** Throws if any string anywhere inside `v` (keys included) is one of the secrets. */
function findSecret(v: unknown, secrets: Map<string, string>, viewer: number | 'spectator'): void {
  if (typeof v === 'string') {
    const what = secrets.get(v);
    if (what !== undefined) throw new Error(`view of ${viewer} shows ${what} ${v}`);
  } else if (isArray(v)) {
    for (let i = 0; i < v.length; i++) findSecret(v[i], secrets, viewer);
  } else if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k in o) { findSecret(k, secrets, viewer); findSecret(o[k], secrets, viewer); }
  }
}

/** The words for a hand card in a failure message, made once (the check runs after every action). */
const HAND_CARD = [0, 1, 2, 3].map((seat) => `seat ${seat}'s hand card`);

/**
 * No view may contain another seat's hand cards, a face-down card the viewer did not load (wherever it lies,
 * the viewer's own train included), the deck, the bag, the seed or the generator.
 */
export function checkViewsHideSecrets(s: GameState, only?: number | 'spectator'): void {
  const viewers: (number | 'spectator')[] = only !== undefined ? [only] : [...s.players.map((p) => p.seat), 'spectator'];
  for (const v of viewers) {
    const secrets = new Map<string, string>();
    for (const p of s.players) {
      const what = HAND_CARD[p.seat];
      if (p.seat !== v) for (const c of p.hand) secrets.set(c, what);
      for (const car of p.train) for (const l of car.loads) if (l.kind === 'card' && l.faceDown && l.by !== v) secrets.set(l.card!, 'face-down card');
    }
    for (const c of s.deck) secrets.set(c, 'deck card');
    for (const c of s.bag) secrets.set(c, 'bag passenger');
    secrets.set(s.options.seed, 'the seed');
    secrets.set('rng', 'the generator');
    if (s.rng.kind === 'chacha20') secrets.set(s.rng.key, 'the generator key');
    findSecret(playerView(s, v), secrets, v);
  }
}

export function checkLegalSameOnView(s: GameState, seat: number): void {
  const a = JSON.stringify(legalActions(s, seat));
  const b = JSON.stringify(legalActions(playerView(s, seat), seat));
  if (a !== b) throw new Error(`legalActions differ between state and view for seat ${seat}`);
}
