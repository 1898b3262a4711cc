/**
 * Full-information search over one solo deal. Solo games are deterministic once dealt (every draw comes
 * from the deck order and the generator inside the state), so finding a win is single-agent planning.
 *
 * The search is a beam over main actions: one layer per main action used (two per turn). From each kept
 * position it tries every main action (after folding together actions that differ only by which copy of
 * an identical card they use), then plays out everything that action causes until the next main action
 * is due: bonus actions and delivery steps are branched, payments and discards give up the cards
 * `keepValue` ranks lowest. Positions are folded together by a lossy hash and the best `width` by
 * `evaluate` go on. When an attempt finds no win, the next one reweights the heuristic's terms (setTune)
 * and every fourth attempt is wider (widthOf), until a win turns up or the deal's effort budget
 * (applyAction calls) is spent. Counting calls instead of time makes every run reproducible.
 *
 * Every move goes through the public API (legalActions, applyAction), so a path found here is a real
 * game: replaying its seed and actions reproduces the win (the fixtures and their test do exactly that).
 */
import {
  applyAction, card, createGame, currentDecision, legalActions, scenarioOf, playerScore, soloStatus,
  type Action, type GameState,
} from '../../src';
// The terms are the solo bot's (one copy): the bots package's heuristic, read from its source.
import {
  soloValue as evaluate, soloKeepValue as keepValue, mainActionsUsed, setTune,
} from '../../../bots/src/solo/heuristic';
// So are the move lists: one action per real difference once copies of identical cards are folded together.
import { key, loadsKey, soloChoices as choices, soloDeliveryChoices as deliveryChoices } from '../../../bots/src/solo/choices';

export type Mode = 'challenge' | number;

interface Link { a: Action; prev: Link | null }
interface Node { s: GameState; path: Link | null; len: number }

export interface SolveOptions {
  mode: Mode;
  seed: string;
  /** Beam widths of the attempts (default: widthOf(k) until the budget runs out). */
  widths?: number[];
  /** At most this many attempts. */
  attempts?: number;
  /**
   * Only count wins that leave a card in the deck. The engine checks the objective before the empty
   * deck, so a step that meets the objective while drawing the last card wins; this finds wins that do
   * not lean on that order.
   */
  deckLeft?: boolean;
  /**
   * Effort budget for this deal: applyAction calls across all attempts. Counting work instead of time
   * keeps a run reproducible (the same deal gives the same answer on a busy or an idle machine).
   */
  effort?: number;
}

export interface SolveResult {
  mode: Mode;
  seed: string;
  won: boolean;
  /** The Challenge: best final score found; chapters: the score when won (for information). */
  score: number | null;
  /** Every action from the deal to the end, in order (seat 0). */
  actions: Action[];
  /** Main actions used (two per turn). */
  mainActions: number;
  width: number;
  /** Attempts made (each a beam run with its own heuristic multipliers). */
  attempts: number;
  applies: number;
  ms: number;
  /** Chapters not won: the best position reached (soloStatus label), for the defect report. */
  note: string;
}

export function newDeal(mode: Mode, seed: string): GameState {
  return mode === 'challenge'
    ? createGame({ players: 1, seed, mode: 'challenge' })
    : createGame({ players: 1, seed, mode: 'scenario', scenario: mode });
}

/** A lossy fingerprint: positions that differ only by which copy of identical cards sits where fold together. */
export function hashState(s: GameState): string {
  const p = s.players[0];
  return [
    s.turn.number, s.turn.actionsLeft, JSON.stringify(s.turn.queue),
    p.hand.map(key).sort().join(','),
    p.train.map((c) => `${card(c.card).kind}[${loadsKey(c)}]`).join(';'),
    p.buildings.join(','), p.islands.map((h) => `${h.island}${h.secondary}`).join(','),
    p.supply.map((x) => x.split('-')[1]).sort().join(','), p.vp,
    s.tickets.map((t) => t.filled.length).join(''), s.deck.length, s.discard.length ? key(s.discard[s.discard.length - 1]) : '',
    s.display.map(key).sort().join(','), s.bag.length, s.islandsOnMap.join(','), JSON.stringify(s.rng),
  ].join('|');
}

/** Spending VP tokens on cards is free time when the tokens are worth nothing else (or cost points). */
function autoReturn(s: GameState): boolean {
  const sc = scenarioOf(s);
  if (!sc) return false;
  if (sc.objective.kind === 'score') return sc.rules.tokensNegative === true;
  return true;
}

export class Searcher {
  applies = 0;
  private readonly autoRet: boolean;
  constructor(readonly root: GameState, private readonly maxApplies: number, private readonly deckLeft = false) {
    this.autoRet = autoReturn(root);
  }

  private apply(n: Node, a: Action): Node | null {
    this.applies++;
    const r = applyAction(n.s, 0, a);
    if (!r.ok) return null;
    return { s: r.state, path: { a, prev: n.path }, len: n.len + 1 };
  }

  /** Play out everything until the next main decision (or the end), branching on real choices. */
  private resolve(n: Node, out: Node[], seen: Set<string>, cap: number): void {
    if (out.length >= cap) return;
    if (n.s.gameOver) { out.push(n); return; }
    const d = currentDecision(n.s)!;
    if (d.kind === 'action') {
      if (this.autoRet) {
        while (!n.s.gameOver && currentDecision(n.s)?.kind === 'action' && n.s.players[0].vp >= 2 && n.s.discard.length > 0) {
          const next = this.apply(n, { type: 'returnCard' });
          if (!next) break;
          n = next;
        }
      }
      out.push(n);
      return;
    }
    const h = hashState(n.s);
    if (seen.has(h)) return;
    seen.add(h);
    if (d.kind === 'pay' || d.kind === 'discard' || d.kind === 'handLimit') {
      const hand = n.s.players[0].hand;
      let best = hand[0];
      let bv = Infinity;
      for (const id of hand) {
        const v = keepValue(n.s, id);
        if (v < bv) { bv = v; best = id; }
      }
      const next = this.apply(n, { type: 'discard', card: best });
      if (next) this.resolve(next, out, seen, cap);
      return;
    }
    const legal = legalActions(n.s, 0);
    const opts = d.kind === 'delivery' ? deliveryChoices(n.s, legal) : choices(n.s, legal).concat(legal.some((a) => a.type === 'skip') ? [{ type: 'skip' }] : []);
    for (const a of opts) {
      const next = this.apply(n, a);
      if (next) this.resolve(next, out, seen, cap);
      if (out.length >= cap) return;
    }
  }

  /** One beam run. Returns a won node, or the best finished node (Challenge), or null. */
  run(width: number, onFinished: (n: Node) => void): Node | null {
    let layer: Node[] = [{ s: this.root, path: null, len: 0 }];
    const won = (s: GameState) => s.result?.solo === 'won' && (!this.deckLeft || s.deck.length > 0);
    while (layer.length > 0) {
      if (this.applies > this.maxApplies) return null;
      const next = new Map<string, { n: Node; v: number }>();
      for (const n of layer) {
        const legal = legalActions(n.s, 0);
        for (const a of choices(n.s, legal)) {
          const c = this.apply(n, a);
          if (!c) continue;
          const leaves: Node[] = [];
          this.resolve(c, leaves, new Set(), 40);
          for (const l of leaves) {
            if (won(l.s)) return l;
            if (l.s.gameOver) { onFinished(l); continue; }
            const h = hashState(l.s);
            const v = evaluate(l.s);
            const cur = next.get(h);
            if (!cur || v > cur.v) next.set(h, { n: l, v });
          }
        }
      }
      layer = [...next.values()].sort((x, y) => y.v - x.v).slice(0, width).map((x) => x.n);
    }
    return null;
  }
}

export function pathOf(n: Node): Action[] {
  const out: Action[] = [];
  for (let l = n.path; l; l = l.prev) out.push(l.a);
  return out.reverse();
}

export const DEFAULT_EFFORT = 150_000;

/** Attempt k's beam width: mostly narrow (fast), every fourth attempt four times wider, growing slowly. */
export function widthOf(k: number): number {
  return 6 * (k % 4 === 3 ? 4 : 1) * (1 + Math.floor(k / 12));
}

export function solve(o: SolveOptions): SolveResult {
  const t0 = Date.now();
  const effort = o.effort ?? DEFAULT_EFFORT;
  const maxAttempts = o.attempts ?? Infinity;
  const root = newDeal(o.mode, o.seed);
  const search = new Searcher(root, effort, o.deckLeft === true);
  let best: Node | null = null;
  let bestScore = -Infinity;
  let bestLost: Node | null = null;
  let bestLostV = -Infinity;
  let usedWidth = 0;
  let k = 0;
  for (; k < maxAttempts && search.applies < effort; k++) {
    const w = o.widths?.[k] ?? widthOf(k);
    if (o.widths && k >= o.widths.length) break;
    usedWidth = w;
    setTune(k);
    const win = search.run(w, (n) => {
      if (o.mode === 'challenge') {
        const sc = playerScore(n.s, 0).total;
        if (sc > bestScore) { bestScore = sc; best = n; }
      } else {
        setTune(0);
        const v = evaluate(n.s);
        setTune(k);
        if (v > bestLostV) { bestLostV = v; bestLost = n; }
      }
    });
    if (win) {
      setTune(0);
      return {
        mode: o.mode, seed: o.seed, won: true, score: playerScore(win.s, 0).total, actions: pathOf(win),
        mainActions: mainActionsUsed(win.s), width: w, attempts: k + 1, applies: search.applies, ms: Date.now() - t0, note: '',
      };
    }
  }
  setTune(0);
  const fin = (best ?? bestLost) as Node | null;
  return {
    mode: o.mode, seed: o.seed, won: false, score: o.mode === 'challenge' ? (fin ? bestScore : null) : null,
    actions: fin ? pathOf(fin) : [], mainActions: fin ? mainActionsUsed(fin.s) : 0, width: usedWidth, attempts: k,
    applies: search.applies, ms: Date.now() - t0, note: fin ? describe(fin.s) : 'no game finished within the budget',
  };
}

/** What a lost position reached, for the defect report. */
export function describe(s: GameState): string {
  const p = s.players[0];
  const cars = p.train.map((c) => card(c.card).kind).join(' ');
  const st = soloStatus(s);
  return `${st && st.mode === 'scenario' ? `${st.label}; ` : ''}train [${cars}] buildings [${p.buildings.join(' ')}] islands [${p.islands.map((h) => `${h.island}${h.secondary === null ? '' : '+'}`).join(' ')}] ` +
    `hand ${p.hand.length} vp ${p.vp} tickets [${s.tickets.map((t) => t.filled.length).join('')}] deck ${s.deck.length} turn ${s.turn.number}`;
}
