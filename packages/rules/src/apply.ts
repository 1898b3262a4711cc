/**
 * applyAction: check an action, then carry it out on a copy of the state and
 * run the game forward until someone has to decide again. The input state is
 * never touched: the copy shares what the action does not write (the other players, and the lists of the
 * table and of the acting players until the action first writes to one, see `Ctx.list` and `Ctx.hand`).
 *
 * The same rules code (`Ctx`) also drives the simulator (src/simulator.ts): there it mutates the
 * simulator's private state and gets no event sink, so no event text is ever built.
 */
import { cloneCar, cloneIslands, cloneStateFor, cloneTicket } from './clone';
import { ActionSchema, isExactAction, type Action } from './actions';
import { card, CATALOGUE, island as islandDef, passengerDestination, ticketDef, type BonusKind } from './catalogue';
import { currentDecision } from './decision';
import { hasBonusUse } from './legal';
import { randomInt, shuffleInPlace } from '@isle-of-trains/engine-core';
import { soloObjectiveMet } from './solo';
import {
  abilityCount, carAccepts, HAND_LIMIT, isSolo, loadItemId, nameOf, scenarioOf, threshold,
} from './table';
import type { ApplyResult, Car, GameEvent, GameState, HeldIsland, Load, PlayerState, Seat, Task, TicketState } from './types';
import { computeBuild, err, hasDeliveryStep, newProgress, placeName, returnCost, validate } from './validate';

/** Parse untrusted input: the exact-shape check accepts every well-formed action without zod; anything else goes through zod. */
export function parseAction(action: unknown): { ok: true; action: Action } | { ok: false; error: ReturnType<typeof err> } {
  if (isExactAction(action)) return { ok: true, action };
  const parsed = ActionSchema.safeParse(action);
  if (!parsed.success) {
    return { ok: false, error: err('BAD_ACTION', `That is not a valid action: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'action'}: ${i.message}`).join('; ')}`) };
  }
  return { ok: true, action: parsed.data };
}

export function applyAction(state: GameState, seat: Seat, action: unknown): ApplyResult {
  if (!state || state.kind !== 'state') return { ok: false, error: err('BAD_STATE', 'applyAction needs the full game state.') };
  const parsed = parseAction(action);
  if (!parsed.ok) return parsed;
  const a = parsed.action;
  const problem = validate(state, seat, a);
  if (problem) return { ok: false, error: problem };

  // Only the acting seat's player and a loaded train's owner are written to; the other players are shared.
  const other = a.type === 'loadCard' || a.type === 'loadPassenger' ? a.seat : seat;
  const s: GameState = cloneStateFor(state, seat, other);
  const events: GameEvent[] = [];
  new Ctx(s, events, SHARED_ALL, other === seat ? [seat] : [seat, other]).run(seat, a);
  return { ok: true, state: s, events };
}

/**
 * Carry out an already validated action on `s` in place and run the game forward. `events` receives the
 * log lines (their texts are built only when there is a sink). Shared by applyAction and the simulator.
 */
export function runAction(s: GameState, seat: Seat, a: Action, events: GameEvent[] | null): void {
  new Ctx(s, events, 0, null).run(seat, a);
}

/**
 * The table's lists. applyAction's copy shares them with the state before the action, and the action copies
 * each one the first time it writes to it: most actions write to none or one of them (a card taken from the
 * display, a card paid to the discard pile), and copying all six every action made each state an action leaves
 * behind (kept a whole turn by a room, long enough for the garbage collector to move it to the old generation)
 * about a kilobyte bigger. Ctx reads them through `s`, where the compiler holds them read-only, and writes
 * them only through `list` and `ticketToFill`.
 */
type ListName = 'deck' | 'discard' | 'bag' | 'display' | 'islandsOnMap';
const LIST_BIT: Record<ListName, number> = { deck: 1, discard: 2, bag: 4, display: 8, islandsOnMap: 16 };
const TICKETS_BIT = 32;
const SHARED_ALL = 63;
/**
 * A player's lists, the same way: applyAction's copy of the acting player (and of a loaded train's owner) is a new
 * object holding the input's lists, and each list is copied on its first write (`hand`, `train`…): most actions write
 * to one or two of a player's six.
 */
type PlayerList = 'hand' | 'train' | 'buildings' | 'islands' | 'supply' | 'delivered';
const PLAYER_BIT: Record<PlayerList, number> = { hand: 1, train: 2, buildings: 4, islands: 8, supply: 16, delivered: 32 };
const PLAYER_SHARED_ALL = 63;
/** The simulator's players: all its own (never written, since no bit is set; one array for every step it takes). */
const ALL_OWNED: readonly number[] = [0, 0, 0, 0, 0, 0];
type ReadCar = Readonly<Omit<Car, 'loads'>> & { readonly loads: readonly Load[] };
type ReadPlayer = Omit<PlayerState, PlayerList> & {
  readonly hand: readonly string[];
  readonly train: readonly ReadCar[];
  readonly buildings: readonly string[];
  readonly islands: readonly Readonly<HeldIsland>[];
  readonly supply: readonly string[];
  readonly delivered: Readonly<Record<string, number>>;
};
type ReadState = Omit<GameState, ListName | 'tickets' | 'players'> & {
  readonly [K in ListName]: readonly string[];
} & {
  readonly tickets: readonly Readonly<Omit<TicketState, 'filled'> & { readonly filled: readonly string[] }>[];
  readonly players: readonly ReadPlayer[];
};

const BONUS_WORDS: Record<BonusKind, string> = {
  A: 'a bonus action', L: 'a bonus Load', B: 'a bonus Build', D: 'a bonus Deliver', LD: 'a bonus Load or Deliver',
};

class Ctx {
  /** The state being changed, read-only where it may be shared (its lists); `state` is the same object, for reading helpers. */
  readonly s: ReadState;

  /** Per seat, the PLAYER_BIT of the lists its player still shares; -1 for a player object this state does not own. */
  private readonly playerShared: number[];

  /**
   * `shared`: the LIST_BIT / TICKETS_BIT of the lists `state` shares with another state (none in the simulator).
   * `copied`: the seats whose player object is this state's own but whose lists are still shared (null: every
   * player and list is this state's own, as in the simulator).
   */
  constructor(readonly state: GameState, readonly events: GameEvent[] | null, private shared: number, copied: readonly Seat[] | null) {
    this.s = state;
    this.playerShared = copied === null ? ALL_OWNED as number[] : state.players.map((_, seat) => (copied.includes(seat) ? PLAYER_SHARED_ALL : -1));
  }

  /** A player whose list is about to be written: copies the list first while it is shared. */
  private ownPlayerList(seat: Seat, list: PlayerList): PlayerState {
    const p = this.state.players[seat];
    const shared = this.playerShared[seat];
    // A player object shared with the state before is never written: that would change the input.
    if (shared === -1) throw new Error(`the rules wrote to seat ${seat}'s player, which this action does not copy`);
    const bit = PLAYER_BIT[list];
    if (shared & bit) {
      this.playerShared[seat] = shared & ~bit;
      if (list === 'train') p.train = p.train.map(cloneCar);
      else if (list === 'islands') p.islands = cloneIslands(p.islands);
      else if (list === 'delivered') p.delivered = { ...p.delivered };
      else p[list] = p[list].slice();
    }
    return p;
  }
  hand(seat: Seat): string[] { return this.ownPlayerList(seat, 'hand').hand; }
  train(seat: Seat): Car[] { return this.ownPlayerList(seat, 'train').train; }
  buildings(seat: Seat): string[] { return this.ownPlayerList(seat, 'buildings').buildings; }
  islands(seat: Seat): HeldIsland[] { return this.ownPlayerList(seat, 'islands').islands; }
  supply(seat: Seat): string[] { return this.ownPlayerList(seat, 'supply').supply; }
  delivered(seat: Seat): Record<string, number> { return this.ownPlayerList(seat, 'delivered').delivered; }

  run(seat: Seat, a: Action): void {
    this.execute(seat, a);
    this.advance();
  }

  /** A table list to write to: copied first if it is still shared with the state before the action. */
  list(name: ListName): string[] {
    const bit = LIST_BIT[name];
    if (this.shared & bit) {
      this.state[name] = this.state[name].slice();
      this.shared &= ~bit;
    }
    return this.state[name];
  }

  /** The ticket tile of `dest`, to put a passenger on (the tickets are copied first while shared). */
  ticketToFill(dest: string): TicketState {
    if (this.shared & TICKETS_BIT) {
      this.state.tickets = this.state.tickets.map(cloneTicket);
      this.shared &= ~TICKETS_BIT;
    }
    return this.state.tickets.find((x) => x.destination === dest)!;
  }

  /** Texts are built at once (they read the state as it is now), and only when someone keeps the events. */
  log(type: string, seat: Seat | null, text: () => string): void {
    if (this.events !== null) this.events.push({ type, seat, text: text() });
  }
  name(seat: Seat): string {
    return nameOf(this.state, seat);
  }
  /** A player to read, and to change scalars of (its VP); its lists are written through `hand(seat)` and the like. */
  player(seat: Seat): ReadPlayer {
    return this.s.players[seat];
  }
  front(...tasks: Task[]): void {
    this.s.turn.queue.unshift(...tasks);
  }

  /** Draw cards for a seat; in multiplayer an empty deck takes the shuffled discard pile first. */
  draw(seat: Seat, count: number): number {
    const s = this.s;
    let drawn = 0;
    for (let i = 0; i < count; i++) {
      if (s.deck.length === 0) {
        if (isSolo(this.state) || s.discard.length === 0) break;
        // The discard pile becomes the deck: this state's own copy of it, shuffled.
        const deck = this.list('discard');
        this.state.deck = deck;
        this.state.discard = [];
        this.shared &= ~(LIST_BIT.deck | LIST_BIT.discard);
        shuffleInPlace(s.rng, deck);
        this.log('reshuffle', null, () => 'The discard pile was shuffled to make a new deck.');
      }
      this.hand(seat).push(this.list('deck').pop()!);
      drawn++;
    }
    return drawn;
  }

  /** Draw passengers from the bag; each one the bag cannot give is a VP token instead. */
  drawPassengers(seat: Seat, count: number): void {
    const p = this.player(seat);
    for (let i = 0; i < count; i++) {
      if (this.s.bag.length === 0) {
        p.vp += 1;
        this.log('passenger', seat, () => `${this.name(seat)} found the passenger bag empty and took 1 VP token instead.`);
        continue;
      }
      const id = this.list('bag').splice(randomInt(this.s.rng, this.s.bag.length), 1)[0];
      this.supply(seat).push(id);
      this.log('passenger', seat, () => `${this.name(seat)} drew a passenger for ${placeName(passengerDestination(id))}.`);
    }
  }

  execute(seat: Seat, a: Action): void {
    const d = currentDecision(this.state)!;
    if (a.type === 'returnCard') return this.returnCard(seat);
    if (d.kind === 'action') {
      this.s.turn.actionsLeft -= 1;
    } else if (d.kind === 'bonus') {
      this.s.turn.queue.shift();
      if (a.type === 'skip') {
        this.log('bonus', seat, () => `${this.name(seat)} declined ${BONUS_WORDS[d.bonus]}.`);
        return;
      }
    }
    const bonus = d.kind === 'bonus';
    switch (a.type) {
      case 'take': return this.take(seat, a);
      case 'build': return this.build(seat, a);
      case 'loadCard':
      case 'loadPassenger': return this.load(seat, a, bonus);
      case 'deliver': return this.startDelivery(seat, a.at);
      case 'discard': return this.discard(seat, a.card);
      default: return this.deliveryStep(seat, a);
    }
  }

  returnCard(seat: Seat): void {
    const cost = returnCost(this.state);
    this.player(seat).vp -= cost;
    const c = this.list('discard').pop()!;
    this.list('deck').push(c);
    this.log('return', seat, () => `${this.name(seat)} spent ${cost} VP tokens to put ${card(c).name} back on top of the deck.`);
  }

  take(seat: Seat, a: Extract<Action, { type: 'take' }>): void {
    const p = this.player(seat);
    if (a.from === 'display') {
      this.list('display').splice(this.s.display.indexOf(a.card), 1);
      this.hand(seat).push(a.card);
      this.log('take', seat, () => `${this.name(seat)} took ${card(a.card).name} from the display.`);
    } else if (a.from === 'deck') {
      this.draw(seat, 1);
      this.log('take', seat, () => `${this.name(seat)} took a card from the deck.`);
    } else {
      this.drawPassengers(seat, 1);
    }
  }

  build(seat: Seat, a: Extract<Action, { type: 'build' }>): void {
    const plan = computeBuild(this.state, seat, a);
    if ('error' in plan) throw new Error(plan.error.message);
    const p = this.player(seat);
    const c = card(a.card);
    const hand = this.hand(seat);
    hand.splice(hand.indexOf(a.card), 1);
    if (a.scrap) {
      const train = this.train(seat);
      const i = train.findIndex((x) => x.card === a.scrap);
      const [gone] = train.splice(i, 1);
      this.unload(gone.loads);
      this.list('discard').push(gone.card);
      this.log('scrap', seat, () => `${this.name(seat)} scrapped ${card(gone.card).name} to make room.`);
    }
    let what: string;
    if (c.category === 'building') {
      if (a.replace) {
        this.buildings(seat).splice(p.buildings.indexOf(a.replace), 1);
        this.list('discard').push(a.replace);
      }
      this.buildings(seat).push(c.id);
      what = a.replace ? `${c.name}, replacing ${card(a.replace).name}` : c.name;
    } else if (a.upgrade) {
      const car = this.train(seat).find((x) => x.card === a.upgrade)!;
      this.list('discard').push(car.card);
      what = `${c.name}, upgrading ${card(car.card).name}`;
      car.card = c.id;
    } else {
      this.train(seat).push({ card: c.id, loads: [] });
      what = c.name;
    }
    this.log('build', seat, () => `${this.name(seat)} built ${what} for ${plan.cost} card${plan.cost === 1 ? '' : 's'}.`);
    const tasks: Task[] = [];
    if (plan.cost > 0) tasks.push({ kind: 'pay', count: plan.cost, reason: 'build', label: c.name });
    if (plan.passengers > 0) tasks.push({ kind: 'passengers', count: plan.passengers, source: c.name });
    this.front(...tasks);
  }

  /** Goods from a removed car go to the discard pile, passengers back to the bag. */
  unload(loads: Load[]): void {
    for (const l of loads) {
      if (l.kind === 'passenger') this.list('bag').push(l.id);
      else if (l.card) this.list('discard').push(l.card);
    }
  }

  load(seat: Seat, a: Extract<Action, { type: 'loadCard' | 'loadPassenger' }>, bonus: boolean): void {
    const p = this.player(seat);
    const car = this.train(a.seat).find((x) => x.card === a.car)!;
    const def = card(car.card);
    const acc = carAccepts(def);
    const tasks: Task[] = [];
    let loaded: 'coal' | 'oil' | 'box' | 'any' | 'passenger';
    const whose = a.seat === seat ? 'their own' : `${this.name(a.seat)}'s`;
    if (a.type === 'loadCard') {
      const hand = this.hand(seat);
      hand.splice(hand.indexOf(a.card), 1);
      const sym = card(a.card).symbol;
      const as = acc.goods === 'any' ? (a.faceDown || sym === 'all' ? 'any' : sym) : acc.goods!;
      car.loads.push(a.faceDown ? { kind: 'card', card: a.card, as, faceDown: true, by: seat } : { kind: 'card', card: a.card, as, faceDown: false });
      loaded = as;
      if (a.faceDown) {
        tasks.push({ kind: 'pay', count: 1, reason: 'faceDown', label: 'a face-down load' });
        this.log('load', seat, () => `${this.name(seat)} loaded a card face down into ${whose} ${def.name}.`);
      } else {
        this.log('load', seat, () => `${this.name(seat)} loaded ${card(a.card).name} as ${as === 'any' ? 'a wild good' : as} into ${whose} ${def.name}.`);
      }
    } else {
      const supply = this.supply(seat);
      supply.splice(supply.indexOf(a.passenger), 1);
      car.loads.push({ kind: 'passenger', id: a.passenger });
      loaded = 'passenger';
      this.log('load', seat, () => `${this.name(seat)} seated a passenger for ${placeName(passengerDestination(a.passenger))} in ${whose} ${def.name}.`);
    }
    // Solo players gain their own cars' benefits; bonus loads never gain one.
    const gains = !bonus && (isSolo(this.state) || a.seat !== seat);
    const b = def.benefit;
    if (gains && b && b.draw > 0) tasks.push({ kind: 'draw', count: b.draw, source: def.name });
    // The loader's own cabooses reward every load they make; their cards arrive before any
    // discard the car asks for, so the player discards from everything drawn.
    if (loaded === 'coal') {
      const n = abilityCount(this.state.players[seat], 'coalLoadDraw');
      if (n > 0) tasks.push({ kind: 'draw', count: n, source: 'Caboose 2' });
    }
    if (loaded === 'passenger') {
      const n = abilityCount(this.state.players[seat], 'passengerLoadDraw');
      if (n > 0) tasks.push({ kind: 'draw', count: 2 * n, source: 'Caboose 8' });
    }
    if (gains && b?.discard) tasks.push({ kind: 'discard', count: b.discard, source: def.name });
    if (gains && b?.vp) tasks.push({ kind: 'vp', count: b.vp, source: def.name });
    if (gains && b?.bonus) tasks.push({ kind: 'bonus', bonus: b.bonus, source: def.name });
    this.front(...tasks);
  }

  startDelivery(seat: Seat, at: string): void {
    this.log('deliver', seat, () => `${this.name(seat)} makes a delivery at ${placeName(at)}.`);
    this.front({ kind: 'delivery', progress: newProgress(at) });
    const n = abilityCount(this.state.players[seat], 'deliverDraw');
    if (n > 0) {
      this.draw(seat, n);
      this.log('draw', seat, () => `${this.name(seat)} drew ${n} card${n === 1 ? '' : 's'} (Caboose 1).`);
    }
  }

  /** Take an item off the player's train: goods to the discard pile, passengers returned as asked. */
  takeItem(seat: Seat, id: string): Load {
    return this.takeItems(seat, [id])[0];
  }

  /** Take several items at once: ids are resolved before anything moves, since face-down ids are positions. */
  takeItems(seat: Seat, ids: readonly string[]): Load[] {
    const train = this.train(seat);
    const found = ids.map((id) => {
      for (const c of train) {
        for (let i = 0; i < c.loads.length; i++) if (loadItemId(c, i) === id) return { car: c, load: c.loads[i] };
      }
      throw new Error(`item ${id} not on train`);
    });
    for (const f of found) f.car.loads.splice(f.car.loads.indexOf(f.load), 1);
    return found.map((f) => f.load);
  }

  advanceProgress(seat: Seat, why: string): void {
    const th = threshold(this.state);
    if (th === null) return; // solo games do not use the progress track
    if (this.s.progress < th) this.s.progress += 1;
    this.log('progress', seat, () => `The progress train moves to space ${this.s.progress} of ${th} (${why}).`);
  }

  ticketReward(seat: Seat, dest: string, index: number, bonusTasks: Task[]): void {
    const t = this.s.tickets.find((x) => x.destination === dest)!;
    const r = ticketDef(t.tile).rewards[index];
    const parts: string[] = [];
    if (r.cards > 0) {
      const n = this.draw(seat, r.cards);
      parts.push(`${n} card${n === 1 ? '' : 's'}`);
    }
    if (r.vp > 0) {
      this.player(seat).vp += r.vp;
      parts.push(`${r.vp} VP`);
    }
    if (r.bonus) {
      bonusTasks.push({ kind: 'bonus', bonus: r.bonus, source: `the ${placeName(dest)} ticket` });
      parts.push(BONUS_WORDS[r.bonus]);
    }
    this.log('ticket', seat, () => `${this.name(seat)} claims the ticket reward at ${placeName(dest)}: ${parts.join(', ')}.`);
  }

  deliveryStep(seat: Seat, a: Action): void {
    const task = this.s.turn.queue[0];
    if (!task || task.kind !== 'delivery') throw new Error('no delivery in progress');
    const prog = task.progress;
    const p = this.player(seat);
    const after: Task[] = [];
    const returnGoods = (ids: string[]) => {
      for (const l of this.takeItems(seat, ids)) {
        if (l.kind === 'passenger') {
          // A passenger standing in for a good (Caboose 7) goes back to the bag.
          prog.passengerAsCargoUsed = true;
          this.list('bag').push(l.id);
        } else this.list('discard').push(l.card!);
      }
    };
    switch (a.type) {
      case 'deliverPrimary': {
        returnGoods(a.items);
        this.list('islandsOnMap').splice(this.s.islandsOnMap.indexOf(prog.at), 1);
        this.islands(seat).push({ island: prog.at, secondary: null });
        prog.primary = true;
        this.log('contract', seat, () => `${this.name(seat)} completed the primary contract at ${placeName(prog.at)} and took its island card.`);
        this.advanceProgress(seat, 'an island card was taken');
        break;
      }
      case 'deliverSecondary': {
        returnGoods(a.items);
        const held = this.islands(seat).find((i) => i.island === prog.at && i.secondary === null)!;
        held.secondary = a.contract;
        prog.secondary = true;
        this.log('contract', seat, () => `${this.name(seat)} completed a secondary contract at ${placeName(prog.at)} worth ${islandDef(prog.at).secondary[a.contract].vp} VP.`);
        break;
      }
      case 'deliverTicket': {
        const dest = a.to ?? prog.at;
        if (dest !== prog.at) prog.remoteTicketUsed = true;
        this.takeItem(seat, a.passenger);
        const t = this.ticketToFill(dest);
        const index = t.filled.length;
        t.filled.push(a.passenger);
        const delivered = this.delivered(seat);
        delivered[dest] = (delivered[dest] ?? 0) + 1;
        this.ticketReward(seat, dest, index, after);
        if (t.filled.length === 3) this.advanceProgress(seat, `the ${placeName(dest)} ticket tile is full`);
        break;
      }
      case 'deliverAnyPassenger': {
        prog.anyPassengerUsed = true;
        this.takeItem(seat, a.passenger);
        this.list('bag').push(a.passenger);
        const t = this.s.tickets.find((x) => x.destination === prog.at)!;
        const delivered = this.delivered(seat);
        delivered[prog.at] = (delivered[prog.at] ?? 0) + 1;
        this.ticketReward(seat, prog.at, t.filled.length, after);
        break;
      }
      case 'deliverSpecial': {
        // The item is set aside while drawing, so a reshuffle can never deal it back.
        const l = this.takeItem(seat, a.item);
        const n = this.draw(seat, CATALOGUE.specialDeliveryCards);
        if (l.kind === 'passenger') this.list('bag').push(l.id);
        else this.list('discard').push(l.card!);
        this.log('special', seat, () => `${this.name(seat)} made a special delivery and drew ${n} card${n === 1 ? '' : 's'}.`);
        break;
      }
      case 'endDelivery':
        this.s.turn.queue.shift();
        this.s.turn.queue.unshift(...(task.afterDelivery ?? []));
        return;
      default:
        throw new Error(`unexpected action ${a.type}`);
    }
    prog.steps += 1;
    // Bonus actions from ticket rewards wait until the delivery is over.
    task.afterDelivery = [...(task.afterDelivery ?? []), ...after];
  }

  discard(seat: Seat, id: string): void {
    const hand = this.hand(seat);
    hand.splice(hand.indexOf(id), 1);
    this.list('discard').push(id);
    const task = this.s.turn.queue[0];
    // Said as what happened: a payment, a card's discard, or the hand limit (the same word for all three
    // read as if cards were thrown away for nothing).
    const why = task.kind === 'pay' ? { pay: task.label } : task.kind === 'discard' ? { source: task.source } : {};
    const text = () => why.pay !== undefined ? `${this.name(seat)} paid ${card(id).name} for ${why.pay}.`
      : why.source !== undefined ? `${this.name(seat)} discarded ${card(id).name} (load reward of ${why.source}).`
        : `${this.name(seat)} discarded ${card(id).name} to keep ${HAND_LIMIT} cards.`;
    if (task.kind === 'pay' || task.kind === 'discard') {
      task.count -= 1;
      if (task.count <= 0) this.s.turn.queue.shift();
    }
    this.log('discard', seat, text);
  }

  /** Run automatic steps until a seat must decide or the game is over. */
  advance(): void {
    const s = this.s;
    for (let guard = 0; guard < 10000; guard++) {
      if (s.gameOver) return;
      const seat = s.turn.seat;
      const p = this.player(seat);
      const task = s.turn.queue[0];
      if (isSolo(this.state) && this.soloCheck(task)) return;
      if (task) {
        switch (task.kind) {
          case 'draw': {
            s.turn.queue.shift();
            const n = this.draw(seat, task.count);
            this.log('draw', seat, () => `${this.name(seat)} drew ${n} card${n === 1 ? '' : 's'} (${task.source}).`);
            continue;
          }
          case 'passengers':
            s.turn.queue.shift();
            this.drawPassengers(seat, task.count);
            continue;
          case 'vp':
            s.turn.queue.shift();
            p.vp += task.count;
            this.log('vp', seat, () => `${this.name(seat)} took ${task.count} VP token${task.count === 1 ? '' : 's'} (${task.source}).`);
            continue;
          case 'discard':
            if (p.hand.length === 0) { s.turn.queue.shift(); continue; }
            task.count = Math.min(task.count, p.hand.length);
            return;
          case 'pay':
            return;
          case 'handLimit':
            if (p.hand.length <= HAND_LIMIT) { s.turn.queue.shift(); continue; }
            return;
          case 'bonus':
            if (!hasBonusUse(this.state, seat, task.bonus)) {
              s.turn.queue.shift();
              this.log('bonus', seat, () => `${this.name(seat)} could not use ${BONUS_WORDS[task.bonus]}, so it is lost.`);
              continue;
            }
            return;
          case 'delivery':
            if (task.progress.steps > 0 && !hasDeliveryStep(this.state, seat)) {
              s.turn.queue.shift();
              s.turn.queue.unshift(...(task.afterDelivery ?? []));
              continue;
            }
            return;
        }
      }
      if (s.turn.actionsLeft > 0) return;
      if (!s.turn.ending) {
        s.turn.ending = true;
        if (!isSolo(this.state)) this.endChecks(seat);
        if (p.hand.length > HAND_LIMIT) s.turn.queue.push({ kind: 'handLimit' });
        continue;
      }
      this.finishTurn(seat);
    }
    throw new Error('the game did not settle (rules engine loop)');
  }

  endChecks(seat: Seat): void {
    const s = this.s;
    const th = threshold(this.state)!;
    if (s.progress >= th && s.progressTrain === null) {
      s.progressTrain = seat;
      this.log('progress', seat, () => `${this.name(seat)} takes the progress train (1 VP).`);
      if (!s.endTriggered) this.trigger(seat, 'progress');
    }
    if (!s.endTriggered && s.deck.length === 0 && s.discard.length === 0) this.trigger(seat, 'cards');
  }

  trigger(seat: Seat, reason: 'progress' | 'cards'): void {
    const s = this.s;
    s.endTriggered = true;
    // Everyone, the trigger player included, gets one more turn after this one.
    s.finalTurnsLeft = s.players.length + 1;
    s.result = { reason, solo: null };
    this.log('end', seat, () => reason === 'progress'
      ? 'The progress train reached the end of the track: everyone takes one final turn.'
      : 'The deck and the discard pile are both empty: everyone takes one final turn.');
  }

  finishTurn(seat: Seat): void {
    const s = this.s;
    const refill = () => {
      while (s.display.length < CATALOGUE.displaySize) {
        if (s.deck.length === 0 && (isSolo(this.state) || s.discard.length === 0)) break;
        this.draw(seat, 1);
        this.list('display').push(this.hand(seat).pop()!);
      }
    };
    refill();
    if (isSolo(this.state)) {
      // Night phase: one card from the top of the deck goes face up onto the discard pile.
      if (s.deck.length > 0) {
        const c = this.list('deck').pop()!;
        this.list('discard').push(c);
        this.log('night', seat, () => `Night falls: ${card(c).name} is discarded from the deck (${s.deck.length} left).`);
      }
    }
    if (s.finalTurnsLeft !== null) {
      s.finalTurnsLeft -= 1;
      if (s.finalTurnsLeft <= 0) {
        s.gameOver = true;
        this.log('game-over', null, () => 'The game is over.');
        return;
      }
    }
    const next = (seat + 1) % s.players.length;
    s.turn = { seat: next, actionsLeft: CATALOGUE.actionsPerTurn, queue: [], ending: false, number: s.turn.number + 1 };
    this.log('turn', next, () => `${this.name(next)}'s turn${s.finalTurnsLeft !== null ? ' (final turn)' : ''}.`);
  }

  /**
   * Solo games end at once when the deck runs out, and when the objective is met once the step that met
   * it is fully resolved: a build is won only after it is paid for and its passengers are drawn, so the
   * objective is checked only when no cost is owed and no automatic step is still waiting.
   */
  soloCheck(next: Task | undefined): boolean {
    const s = this.s;
    const scenario = scenarioOf(this.state);
    const settled = next === undefined || next.kind === 'bonus' || next.kind === 'delivery' || next.kind === 'handLimit';
    if (scenario && settled && soloObjectiveMet(this.state)) {
      s.gameOver = true;
      s.result = { reason: 'objective', solo: 'won' };
      this.log('game-over', 0, () => `Chapter ${scenario.chapter} objective complete: you win!`);
      return true;
    }
    if (s.deck.length === 0) {
      s.gameOver = true;
      s.result = { reason: 'deck-empty', solo: scenario ? 'lost' : 'finished' };
      this.log('game-over', 0, () => scenario ? 'The deck ran out before the objective was met: the chapter is lost.' : 'The deck is empty: the Challenge is over.');
      return true;
    }
    return false;
  }
}
