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

/** The words for a hand card in a failure message, made once (the check runs after every action). */
const HAND_CARD = [0, 1, 2, 3].map((seat) => `seat ${seat}'s hand card`);

/**
 * The secrets of the state being checked, marked by id number (each card and passenger id has one, below):
 * for each, who alone may see it (a seat, or NOBODY) and the words for it in a failure message. Marked once
 * per state for all the viewers checked, in typed arrays: no map is filled per viewer (this runs after every
 * action of the property tests, and filling a map of the deck, the bag and the hands for each viewer was
 * about a third of its time).
 */
const NOBODY = -1;
const SPECTATOR = -2;
const ID_NUMBER = new Map<string, number>([...CARDS.map((c) => c.id), ...PASSENGERS.map((p) => p.id)].map((id, i) => [id, i]));
const secretPass = new Int32Array(ID_NUMBER.size);
const seenBy = new Int8Array(ID_NUMBER.size);
const secretWhat: string[] = new Array<string>(ID_NUMBER.size);
let secretsOf = 0;
/** Secrets whose id is no card or passenger (none in a sound state; kept so that they are still caught). */
const strangers = new Map<string, { what: string; seat: number }>();
/** Secrets that no viewer may see, whatever else they are: the seed, the generator and its key. */
let hidden: { seed: string; key: string | null } = { seed: '', key: null };

function markSecret(id: string, seat: number, what: string): void {
  const i = ID_NUMBER.get(id);
  if (i === undefined) {
    const had = strangers.get(id);
    strangers.set(id, { what, seat: had === undefined || had.seat === seat ? seat : NOBODY });
    return;
  }
  // The same id in two places (conservation fails first in a real run): hidden from a viewer if either hides it.
  seenBy[i] = secretPass[i] === secretsOf && seenBy[i] !== seat ? NOBODY : seat;
  secretPass[i] = secretsOf;
  secretWhat[i] = what;
}

function markSecrets(s: GameState): void {
  secretsOf++;
  strangers.clear();
  for (const p of s.players) {
    const what = HAND_CARD[p.seat];
    for (const c of p.hand) markSecret(c, p.seat, what);
  }
  for (const p of s.players) {
    for (const car of p.train) for (const l of car.loads) if (l.kind === 'card' && l.faceDown) markSecret(l.card!, l.by ?? NOBODY, 'face-down card');
  }
  for (const c of s.deck) markSecret(c, NOBODY, 'deck card');
  for (const c of s.bag) markSecret(c, NOBODY, 'bag passenger');
  hidden = { seed: s.options.seed, key: s.rng.kind === 'chacha20' ? s.rng.key : null };
}

/** Throws if any string anywhere inside `v` (keys included) is a secret `viewer` may not see. */
function findSecret(v: unknown, viewer: number): void {
  if (typeof v === 'string') {
    if (v === hidden.seed || v === 'rng' || v === hidden.key) {
      throw new Error(`view of ${viewerName(viewer)} shows ${v === hidden.seed ? 'the seed' : v === 'rng' ? 'the generator' : 'the generator key'} ${v}`);
    }
    const i = ID_NUMBER.get(v);
    if (i !== undefined) {
      if (secretPass[i] === secretsOf && seenBy[i] !== viewer) throw new Error(`view of ${viewerName(viewer)} shows ${secretWhat[i]} ${v}`);
    } else if (strangers.size > 0) {
      const e = strangers.get(v);
      if (e !== undefined && e.seat !== viewer) throw new Error(`view of ${viewerName(viewer)} shows ${e.what} ${v}`);
    }
  } else if (isArray(v)) {
    for (let i = 0; i < v.length; i++) findSecret(v[i], viewer);
  } else if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k in o) { findSecret(k, viewer); findSecret(o[k], viewer); }
  }
}

const viewerName = (viewer: number): number | 'spectator' => (viewer === SPECTATOR ? 'spectator' : viewer);

/**
 * No view may contain another seat's hand cards, a face-down card the viewer did not load (wherever it lies,
 * the viewer's own train included), the deck, the bag, the seed or the generator.
 */
export function checkViewsHideSecrets(s: GameState, only?: number | 'spectator'): void {
  const viewers: (number | 'spectator')[] = only !== undefined ? [only] : [...s.players.map((p) => p.seat), 'spectator'];
  markSecrets(s);
  for (const v of viewers) findSecret(playerView(s, v), v === 'spectator' ? SPECTATOR : v);
}

export function checkLegalSameOnView(s: GameState, seat: number): void {
  const a = JSON.stringify(legalActions(s, seat));
  const b = JSON.stringify(legalActions(playerView(s, seat), seat));
  if (a !== b) throw new Error(`legalActions differ between state and view for seat ${seat}`);
}
