/**
 * Determinisation: turn what one seat can see into one complete, plausible
 * GameState. Every hidden card (the deck, the discard pile under its top card,
 * the other hands, other players' face-down loads) is dealt at random from the
 * cards this seat has not seen, and the passenger bag is refilled from the
 * passengers not on the table. The result agrees with every public fact and
 * count of the view, and is built from the view alone — it cannot use the
 * real hidden cards because it never sees them.
 */
import {
  CARDS, PASSENGERS, card, carAccepts, fastRng, type GameOptions, type GameState, type PlayerState, type PlayerView, type Seat,
} from '@isle-of-trains/rules';
import { Rand } from './random';

export class DeterminiseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeterminiseError';
  }
}

/** Every card id this viewer can see somewhere on the table (its own hand included). */
export function visibleCards(view: PlayerView): string[] {
  const out: string[] = [];
  const me = view.viewer;
  for (const p of view.players) {
    if (p.seat === me && p.hand) out.push(...p.hand);
    for (const c of p.train) {
      out.push(c.card);
      for (const l of c.loads) if (l.kind === 'card' && l.card !== null) out.push(l.card);
    }
    out.push(...p.buildings);
  }
  out.push(...view.display);
  if (view.discardTop !== null) out.push(view.discardTop);
  return out;
}

/** The cards this viewer has not seen, in catalogue order. */
export function unseenCards(view: PlayerView): string[] {
  const seen = new Set<string>();
  for (const id of visibleCards(view)) {
    if (seen.has(id)) throw new DeterminiseError(`card ${id} is visible twice in the view`);
    seen.add(id);
  }
  return CARDS.map((c) => c.id).filter((id) => !seen.has(id));
}

/** Passengers not in any supply, train or ticket tile: exactly the bag's contents. */
export function bagPassengers(view: PlayerView): string[] {
  const seen = new Set<string>();
  for (const p of view.players) {
    for (const id of p.supply) seen.add(id);
    for (const c of p.train) for (const l of c.loads) if (l.kind === 'passenger') seen.add(l.id);
  }
  for (const t of view.tickets) for (const id of t.filled) seen.add(id);
  return PASSENGERS.map((p) => p.id).filter((id) => !seen.has(id));
}

/** A face-down card was loaded only because its symbol did not fit the car. */
function fitsFaceDown(cardId: string, carId: string): boolean {
  const goods = carAccepts(card(carId)).goods;
  if (goods === null || goods === 'any') return true;
  const sym = card(cardId).symbol;
  return sym !== 'all' && sym !== goods;
}

interface FaceDownSlot {
  seat: Seat;
  car: number;
  load: number;
  carId: string;
}

/**
 * Choose cards for the face-down slots from the shuffled pool: a random
 * assignment that respects the "did not fit" constraint when one exists
 * (augmenting-path matching, so it never fails when the real cards exist).
 */
function assignFaceDown(slots: FaceDownSlot[], pool: string[]): (string | null)[] {
  const owner = new Map<number, number>(); // pool index -> slot index
  const match: number[] = slots.map(() => -1);
  const tryAssign = (si: number, seen: Set<number>): boolean => {
    for (let pi = 0; pi < pool.length; pi++) {
      if (seen.has(pi) || !fitsFaceDown(pool[pi], slots[si].carId)) continue;
      seen.add(pi);
      const other = owner.get(pi);
      if (other === undefined || tryAssign(other, seen)) {
        owner.set(pi, si);
        match[si] = pi;
        return true;
      }
    }
    return false;
  };
  for (let si = 0; si < slots.length; si++) tryAssign(si, new Set());
  return match.map((pi) => (pi >= 0 ? pool[pi] : null));
}

/**
 * A complete GameState consistent with `view` (as seen by `seat`), with hidden
 * cards and the bag dealt from the seed, and a fresh game rng from the seed.
 * The same view and seed always give the same state.
 */
export function determinise(view: PlayerView, seat: Seat, rngSeed: number | string): GameState {
  if ((view as { kind?: string }).kind !== 'view') throw new DeterminiseError('determinise needs a PlayerView, not the full state');
  if (view.viewer !== seat) throw new DeterminiseError(`the view belongs to ${String(view.viewer)}, not seat ${seat}`);
  const rand = new Rand(typeof rngSeed === 'number' ? `det:${rngSeed}` : `det:${rngSeed}`);
  const pool = rand.shuffle(unseenCards(view));

  const slots: FaceDownSlot[] = [];
  for (const p of view.players) {
    p.train.forEach((c, ci) => c.loads.forEach((l, li) => {
      if (l.kind === 'card' && l.card === null) slots.push({ seat: p.seat, car: ci, load: li, carId: c.card });
    }));
  }
  const handsNeeded = view.players.reduce((n, p) => n + (p.seat === seat ? 0 : p.handCount), 0);
  const discardHidden = view.discardCount - (view.discardTop !== null ? 1 : 0);
  const needed = slots.length + handsNeeded + discardHidden + view.deckCount;
  if (needed !== pool.length) {
    throw new DeterminiseError(`the view hides ${needed} cards but ${pool.length} cards are unseen`);
  }

  // Face-down loads first (they carry a constraint), then everything else in table order.
  const chosen = assignFaceDown(slots, pool);
  const used = new Set(chosen.filter((c): c is string => c !== null));
  let rest = pool.filter((c) => !used.has(c));
  const faceDown = chosen.map((c) => {
    if (c !== null) return c;
    const x = rest.shift();
    if (x === undefined) throw new DeterminiseError('ran out of cards for face-down loads');
    return x;
  });
  const takeN = (n: number): string[] => {
    const out = rest.slice(0, n);
    rest = rest.slice(n);
    return out;
  };

  const players: PlayerState[] = view.players.map((p) => ({
    seat: p.seat,
    name: p.name,
    hand: p.seat === seat ? [...(p.hand ?? [])] : [],
    train: p.train.map((c) => ({
      card: c.card,
      loads: c.loads.map((l) => (l.kind === 'card' ? { ...l } : { kind: 'passenger' as const, id: l.id })),
    })),
    buildings: [...p.buildings],
    islands: p.islands.map((i) => ({ ...i })),
    supply: [...p.supply],
    vp: p.vp,
    delivered: { ...p.delivered },
  }));
  slots.forEach((s, i) => {
    const l = players[s.seat].train[s.car].loads[s.load];
    if (l.kind === 'card') l.card = faceDown[i];
  });
  for (const p of players) if (p.seat !== seat) p.hand = takeN(view.players[p.seat].handCount);
  const discard = takeN(discardHidden);
  if (view.discardTop !== null) discard.push(view.discardTop);
  const deck = takeN(view.deckCount);

  const bag = rand.shuffle(bagPassengers(view));
  if (bag.length !== view.bagCount) throw new DeterminiseError(`the bag should hold ${view.bagCount} passengers but ${bag.length} are off the table`);

  // A guessed world has no secret to protect: it draws from the fast generator, not the game's cipher.
  const rng = fastRng([rand.uint32(), rand.uint32(), rand.uint32(), rand.uint32()]);

  const o = view.options;
  const options: GameOptions = { players: o.players, seed: `determinised:${String(rngSeed)}`, names: [...o.names] };
  if (o.mode !== 'multiplayer') options.mode = o.mode;
  if (o.scenario !== null) options.scenario = o.scenario;

  return {
    kind: 'state',
    version: 1,
    options,
    rng,
    deck,
    discard,
    display: [...view.display],
    bag,
    islandsOnMap: [...view.islandsOnMap],
    tickets: view.tickets.map((t) => ({ ...t, filled: [...t.filled] })),
    progress: view.progress,
    progressTrain: view.progressTrain,
    players,
    turn: JSON.parse(JSON.stringify(view.turn)),
    endTriggered: view.endTriggered,
    finalTurnsLeft: view.finalTurnsLeft,
    gameOver: view.gameOver,
    result: view.result ? { ...view.result } : null,
  };
}
