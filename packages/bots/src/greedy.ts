/**
 * The greedy policy: try every (distinct) legal action on one sampled world,
 * finish the forced steps that follow it (paying, discarding, a delivery's
 * best steps), and keep the action whose result `evaluate` likes best. Paying
 * and discarding give up the least useful cards (`keepValue`).
 */
import {
  createSimulator, card, carAccepts, itemsOnTrain, currentDecision, legalActions, passengerDestination,
  isSolo, scenarioOf, type Action, type GameState, type PlayerView, type Seat, type Simulator,
} from '@isle-of-trains/rules';
import { driveWeightAt, evaluate, objectiveProgress } from './evaluate';
import { cardContext, keepValue, keepValueIn } from './cards';
export { keepValue };
import type { Rand } from './random';

type Table = GameState | PlayerView;

/** The card to give up now. */
export function discardChoice(t: Table, seat: Seat): Action {
  const hand = t.players[seat].hand!;
  const ctx = cardContext(t, seat);
  let best = hand[0];
  let bestV = Infinity;
  for (const id of hand) {
    const v = keepValueIn(ctx, id);
    if (v < bestV) { bestV = v; best = id; }
  }
  return { type: 'discard', card: best };
}

/** Drop actions that are the same for the rules (same kind of card, same passenger colour, ...). */
export function distinctActions(t: Table, seat: Seat, actions: Action[]): Action[] {
  const seen = new Set<string>();
  const out: Action[] = [];
  // Loading a card: what matters is where it goes; send the card we least want to keep.
  const loadBest = new Map<string, { a: Action; v: number }>();
  const kindKey = (id: string) => { const c = card(id); return `${c.kind}/${c.symbol}`; };
  let ctx: ReturnType<typeof cardContext> | null = null;
  for (const a of actions) {
    let key: string;
    switch (a.type) {
      case 'loadCard': {
        const owner = t.players[a.seat].train.find((x) => x.card === a.car);
        const wildSlot = owner !== undefined && carAccepts(card(owner.card)).goods === 'any';
        const k = `${a.seat}:${a.car}:${a.faceDown ? 'fd' : ''}:${wildSlot ? card(a.card).symbol === 'all' : ''}`;
        ctx ??= cardContext(t, seat);
        const v = keepValueIn(ctx, a.card);
        const cur = loadBest.get(k);
        if (!cur || v < cur.v) loadBest.set(k, { a, v });
        continue;
      }
      case 'loadPassenger':
        key = `lp:${passengerDestination(a.passenger)}:${a.seat}:${a.car}`;
        break;
      case 'deliverTicket':
        key = `dt:${passengerDestination(a.passenger)}:${a.to ?? ''}`;
        break;
      case 'deliverAnyPassenger':
        key = `dap:${passengerDestination(a.passenger)}`;
        break;
      case 'deliverPrimary':
      case 'deliverSecondary': {
        // Which copy of a good goes makes no difference to the contract: one option per mix of types.
        const items = itemsOnTrain(t.players[seat]);
        const types = a.items.map((id) => items.find((x) => x.id === id)?.type ?? id).sort().join('+');
        key = `${a.type}:${a.type === 'deliverSecondary' ? a.contract : ''}:${types}`;
        break;
      }
      case 'deliverSpecial': {
        const it = itemsOnTrain(t.players[seat]).find((x) => x.id === a.item);
        key = it ? `ds:${it.type}:${it.type === 'passenger' ? it.destination : ''}:${it.car}` : JSON.stringify(a);
        break;
      }
      case 'build':
        key = `b:${kindKey(a.card)}:${a.upgrade ?? ''}:${a.replace ?? ''}:${a.scrap ?? ''}`;
        break;
      case 'discard':
        key = `d:${kindKey(a.card)}`;
        break;
      default:
        key = JSON.stringify(a);
    }
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(a);
  }
  for (const { a } of loadBest.values()) out.push(a);
  return out;
}

export interface GreedyOptions {
  /** Evaluate at most this many candidates (a random subset, always keeping a few staples). */
  maxCandidates?: number;
  /** The decision's drive weight (evaluate); by default taken from the state decided in. */
  drive?: number;
}

function isForcedDiscard(kind: string): boolean {
  return kind === 'pay' || kind === 'discard' || kind === 'handLimit';
}

/**
 * Carry out this seat's follow-up steps greedily: payments and discards with
 * the card ranking, a delivery step by step (each step judged on its own).
 */
export function settle(s: GameState, seat: Seat, drive = driveWeightAt(s, seat)): GameState {
  const sim = createSimulator(s);
  settleSim(sim, seat, drive);
  return sim.state;
}

/** settle, in place on a simulator (the actions come from legalActions or the hand, so the trusted door is safe). */
export function settleSim(sim: Simulator, seat: Seat, drive = driveWeightAt(sim.state, seat)): void {
  for (let guard = 0; guard < 60 && !sim.gameOver; guard++) {
    const d = sim.decision();
    if (!d || d.seat !== seat) return;
    let a: Action;
    if (isForcedDiscard(d.kind)) a = discardChoice(sim.state, seat);
    else if (d.kind === 'delivery') a = bestByEval(sim.state, seat, distinctActions(sim.state, seat, sim.legal()), false, drive).action;
    else return;
    sim.apply(a);
  }
}

/** Apply each (legal) action on a simulator, settle the follow-up (unless told not to), evaluate; return the best. */
export function bestByEval(
  s: GameState, seat: Seat, actions: Action[], settleAfter = true, drive = driveWeightAt(s, seat),
): { action: Action; value: number } {
  let best: Action = actions[0];
  let bestV = -Infinity;
  for (const a of actions) {
    const sim = createSimulator(s);
    sim.apply(a);
    if (settleAfter) settleSim(sim, seat, drive);
    const v = evaluate(sim.state, seat, drive);
    if (v > bestV) { bestV = v; best = a; }
  }
  return { action: best, value: bestV };
}

/**
 * Solo: buying back a card from the discard pile only pays when tokens are
 * worthless (a non-score chapter), the deck is nearly out and the objective is
 * within reach. The turn limit keeps a bot from looping forever (in chapter 9
 * a return costs 2 tokens, which two Takes from an empty bag pay back).
 */
export function wantsReturn(t: Table, seat: Seat): boolean {
  if (!isSolo(t) || seat !== 0) return false;
  const sc = scenarioOf(t);
  if (!sc || sc.objective.kind === 'score') return false;
  const deck = t.kind === 'state' ? t.deck.length : t.deckCount;
  return deck <= 2 && t.turn.number < 120 && (objectiveProgress(t) ?? 0) >= 0.6;
}

/** Greedy choice on a full (usually determinised) state. */
export function greedyOnState(s: GameState, seat: Seat, rand: Rand | null, opts: GreedyOptions = {}): Action {
  const d = currentDecision(s);
  if (!d || d.seat !== seat) throw new Error('not this seat\'s decision');
  const legal = legalActions(s, seat);
  if (legal.some((a) => a.type === 'returnCard') && wantsReturn(s, seat)) return { type: 'returnCard' };
  const main = legal.filter((a) => a.type !== 'returnCard');
  if (main.length === 1) return main[0];
  if (isForcedDiscard(d.kind)) return discardChoice(s, seat);
  let cands = distinctActions(s, seat, main);
  if (opts.maxCandidates && cands.length > opts.maxCandidates && rand) {
    const isStaple = (a: Action) => a.type === 'take' || a.type === 'skip' || a.type === 'endDelivery' || a.type === 'deliver' || a.type === 'build';
    const staples = cands.filter(isStaple);
    const others = rand.shuffle(cands.filter((a) => !isStaple(a)));
    cands = [...staples, ...others.slice(0, Math.max(0, opts.maxCandidates - staples.length))];
  }
  return bestByEval(s, seat, cands, true, opts.drive ?? driveWeightAt(s, seat)).action;
}
