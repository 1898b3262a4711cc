/**
 * How many of its own actions a player needs, roughly, before it can move the progress train once more by
 * itself: the shortest of the routes the rules offer (a primary contract; a secondary contract and then a
 * primary, when an island is open; the passengers that fill a ticket tile).
 *
 * The evaluation uses it as a gradient toward the end of the game. Without it a position one contract short
 * of the end, whose contract needs a kind of car the train lacks, looked no better after taking that car or
 * building it than before, and a bot far ahead of passive opponents (who never move the train) went round
 * in circles (load a card, give it up as a special delivery for two cards) for as long as the game lasted.
 *
 * Reads only what a player's own view shows (its hand, its train, the display, the public table).
 */
import {
  card, carAccepts, island as islandDef, itemsOnTrain, passengerDestination, scenarioOf,
  CARDS, type CardDef, type CargoType, type GameState, type PlayerView, type Seat, type PlayerState, type PlayerViewPlayer,
  type Category,
} from '@isle-of-trains/rules';

type Table = GameState | PlayerView;
type AnyPlayer = PlayerState | PlayerViewPlayer;

/** The car category that carries each good. */
const CAR_FOR: Record<CargoType, Category> = { coal: 'hopper', oil: 'tanker', box: 'boxcar' };

/**
 * Actions expected to find a card that is neither in hand nor in the display (a few blind draws from the
 * deck). Large on purpose: a car already in hand or on show is a much shorter route.
 */
const BLIND_DRAW = 3;

/** The cheapest card of each category (what building one from scratch takes at least). */
const cheapestCard = new Map<Category, CardDef>();
for (const c of CARDS) {
  const cur = cheapestCard.get(c.category);
  if (cur === undefined || c.cost < cur.cost) cheapestCard.set(c.category, c);
}

interface Kit {
  /** Goods loaded, by type ('any': wild goods in the storage caboose). */
  loaded: Record<CargoType | 'any', number>;
  /** Free cargo room, by type. */
  free: Record<CargoType | 'any', number>;
  /** The hand when known (own seat); otherwise only its size counts. */
  hand: readonly string[] | null;
  handCount: number;
  display: readonly string[];
}

function kitOf(t: Table, p: AnyPlayer): Kit {
  const loaded = { coal: 0, oil: 0, box: 0, any: 0 };
  for (const it of itemsOnTrain(p)) if (it.type !== 'passenger') loaded[it.type] += 1;
  const free = { coal: 0, oil: 0, box: 0, any: 0 };
  for (const c of p.train) {
    const acc = carAccepts(card(c.card));
    const room = acc.capacity - c.loads.length;
    if (acc.goods && room > 0) free[acc.goods] += room;
  }
  const hand = p.hand ?? null;
  const handCount = t.kind === 'state' ? (p as PlayerState).hand.length : (p as PlayerViewPlayer).handCount;
  return { loaded, free, hand, handCount, display: t.display };
}

/**
 * Actions to have `goods` loaded and deliver them: one load per missing good, a build (and the takes to find
 * the car) for a kind of car with no free room, takes for the cards the loads and builds use up, and the
 * delivery. Also what the table looks like afterwards, for a contract that follows: the delivered goods are
 * gone and their room on the train is free again.
 */
function goodsRoute(goods: readonly CargoType[], kit: Kit): { actions: number; after: Kit } {
  const loaded = { ...kit.loaded };
  const free = { ...kit.free };
  const freed = { coal: 0, oil: 0, box: 0, any: 0 };
  const hand = kit.hand ? [...kit.hand] : null;
  let actions = 1; // the delivery
  let cards = 0;
  for (const g of goods) {
    if (loaded[g] > 0) { loaded[g]--; freed[g]++; continue; }
    if (loaded.any > 0) { loaded.any--; freed.any++; continue; }
    actions += 1; // the load
    if (free[g] > 0) { free[g]--; freed[g]++; } else if (free.any > 0) { free.any--; freed.any++; } else {
      // No room for this good: a car that carries it has to be built first.
      const cat = CAR_FOR[g];
      const inHand = hand?.findIndex((id) => card(id).category === cat) ?? -1;
      let car = cheapestCard.get(cat)!;
      if (inHand >= 0) {
        car = card(hand![inHand]);
        hand!.splice(inHand, 1);
      } else {
        const shown = kit.display.find((id) => card(id).category === cat);
        if (shown !== undefined) { actions += 1; car = card(shown); } else actions += BLIND_DRAW;
      }
      actions += 1; // the build
      cards += car.cost;
      // The new car takes this good; its other slots take further goods of the same kind.
      free[g] += Math.max(0, carAccepts(car).capacity - 1);
      freed[g]++;
    }
    // The load itself: a card showing the good, or any two cards face down.
    const match = hand?.findIndex((id) => { const sym = card(id).symbol; return sym === g || sym === 'all'; }) ?? -1;
    if (match >= 0) { hand!.splice(match, 1); cards += 1; } else cards += hand ? 2 : 1;
  }
  // Takes for the cards that the hand cannot cover.
  const takes = Math.max(0, cards - kit.handCount);
  actions += takes;
  for (const k of Object.keys(freed) as (CargoType | 'any')[]) free[k] += freed[k];
  return { actions, after: { ...kit, loaded, free, hand, handCount: kit.handCount + takes - cards } };
}

/** The route through the ticket tiles: passengers this player holds that would fill a tile. */
function ticketRoute(t: Table, p: AnyPlayer): number {
  const riding = new Map<string, number>();
  for (const it of itemsOnTrain(p)) if (it.type === 'passenger' && it.destination) riding.set(it.destination, (riding.get(it.destination) ?? 0) + 1);
  const waiting = new Map<string, number>();
  for (const id of p.supply) { const d = passengerDestination(id); waiting.set(d, (waiting.get(d) ?? 0) + 1); }
  let seats = 0;
  for (const c of p.train) {
    const acc = carAccepts(card(c.card));
    if (acc.passengers) seats += Math.max(0, acc.capacity - c.loads.length);
  }
  let best = Infinity;
  for (const tk of t.tickets) {
    const need = 3 - tk.filled.length;
    if (need <= 0) continue;
    const onTrain = Math.min(need, riding.get(tk.destination) ?? 0);
    const toLoad = need - onTrain;
    if ((waiting.get(tk.destination) ?? 0) < toLoad) continue;
    // A passenger with no free seat of its own waits for a coach: about a build and a find.
    const noSeat = Math.max(0, toLoad - seats);
    best = Math.min(best, 1 + toLoad + (noSeat > 0 ? 2 + noSeat : 0));
  }
  return best;
}

/**
 * Estimated own actions before this seat can move the progress train (Infinity when it holds no route it
 * can see: no island it may take and no passengers to fill a tile).
 */
export function actionsToProgress(t: Table, seat: Seat): number {
  const p = t.players[seat];
  const kit = kitOf(t, p);
  const noSecondary = scenarioOf(t)?.rules.noSecondary === true;
  let best = ticketRoute(t, p);
  const open = p.islands.find((i) => i.secondary === null);
  if (open && !noSecondary) {
    // The open island's secondary contract first, then a primary from the table that leaves.
    for (const sec of islandDef(open.island).secondary) {
      const first = goodsRoute(sec.goods, kit);
      if (first.actions >= best) continue;
      for (const id of t.islandsOnMap) best = Math.min(best, first.actions + goodsRoute(islandDef(id).primary.goods, first.after).actions);
    }
  } else {
    for (const id of t.islandsOnMap) best = Math.min(best, goodsRoute(islandDef(id).primary.goods, kit).actions);
  }
  return best;
}
