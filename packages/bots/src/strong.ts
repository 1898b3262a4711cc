/**
 * The strong bot: determinisation + flat Monte-Carlo search.
 *
 * 1. Deal a world consistent with the view and rank the distinct legal actions
 *    with the greedy one-step evaluation; keep the best few as candidates.
 * 2. Repeatedly deal a fresh world (a "round") and, on that same world, play
 *    every surviving candidate followed by a greedy rollout to the end of the
 *    bot's turn (and, with horizon 'round', through the other players' turns
 *    too), scoring the result with `evaluate`. Using one world per round for
 *    all candidates (common random numbers) makes comparisons fair.
 * 3. Every few rounds the weaker half of the candidates is dropped
 *    (sequential halving), until the time budget or iteration cap runs out.
 * The best mean wins. Forced discards use the greedy card ranking.
 */
import { applyAction, currentDecision, legalActions, type Action, type GameState, type PlayerView, type Seat } from '@isle-of-trains/rules';
import { determinise } from './determinise';
import { evaluate } from './evaluate';
import { discardChoice, distinctActions, greedyOnState, settle, wantsReturn } from './greedy';
import { Rand } from './random';

export interface StrongOptions {
  timeBudgetMs: number;
  /** Fixed number of rounds (worlds); makes the choice independent of machine speed. */
  iterations?: number;
  /** Candidates kept after the greedy ranking. */
  width?: number;
  /** How far each rollout plays: to the end of the bot's own turn, or round the table back to it. */
  horizon?: 'turn' | 'round';
}

const now = (): number => Date.now();

/**
 * Play on greedily from `s` until the bot's turn is over ('turn'), or until
 * every other player has had a turn too ('round'). Turn numbers, not seats,
 * mark the end, so this also stops in solo games.
 */
export function rollout(s: GameState, seat: Seat, horizon: 'turn' | 'round', rand: Rand | null, deadline = Infinity): GameState {
  const startTurn = s.turn.number;
  const stopAt = startTurn + (horizon === 'turn' ? 1 : s.players.length);
  for (let guard = 0; guard < 400 && !s.gameOver && s.turn.number < stopAt; guard++) {
    const d = currentDecision(s);
    if (!d) break;
    if (now() > deadline) break;
    const who = d.seat;
    const a = greedyOnState(s, who, rand, who === seat ? { maxCandidates: 24 } : { maxCandidates: 8 });
    const r = applyAction(s, who, a);
    if (!r.ok) break;
    s = r.state;
  }
  return s;
}

export function strongChoose(view: PlayerView, seat: Seat, rand: Rand, opts: StrongOptions): Action {
  const start = now();
  const deadline = start + opts.timeBudgetMs;
  const legal = legalActions(view, seat);
  if (legal.length === 0) throw new Error('no legal action for this seat');
  if (legal.some((a) => a.type === 'returnCard') && wantsReturn(view, seat)) return { type: 'returnCard' };
  const main = legal.filter((a) => a.type !== 'returnCard');
  if (main.length === 1) return main[0];
  const d = currentDecision(view)!;
  if (d.kind === 'pay' || d.kind === 'discard' || d.kind === 'handLimit') return discardChoice(view, seat);

  // Rank candidates on one world with the one-step greedy evaluation.
  const w0 = determinise(view, seat, rand.uint32());
  // (Under time pressure the ranking stops early; actions not reached rank last.)
  const ranked = distinctActions(view, seat, main).map((a) => ({ a, v: -Infinity }));
  for (const c of ranked) {
    const r = applyAction(w0, seat, c.a);
    if (r.ok) c.v = evaluate(settle(r.state, seat), seat);
    if (opts.iterations === undefined && now() > deadline) break;
  }
  ranked.sort((x, y) => y.v - x.v);
  const width = opts.width ?? 6;
  let cands = ranked.slice(0, width).filter((c) => c.v > -Infinity).map((c) => ({ a: c.a, sum: 0, n: 0 }));
  if (cands.length <= 1) return ranked[0].a;

  const horizon = opts.horizon ?? 'turn';
  let rounds = 0;
  const maxRounds = opts.iterations ?? Infinity;
  let nextCut = 3;
  while (rounds < maxRounds) {
    if (now() > deadline) break;
    const world = determinise(view, seat, rand.uint32());
    const rolloutSeed = rand.uint32();
    const values: number[] = [];
    let complete = true;
    for (const c of cands) {
      const r = applyAction(world, seat, c.a);
      if (!r.ok) { values.push(-Infinity); continue; }
      // Each candidate's rollout gets the same random stream, for fair comparison.
      const rr = new Rand(rolloutSeed);
      const end = rollout(r.state, seat, horizon, rr, opts.iterations === undefined ? deadline : Infinity);
      values.push(evaluate(end, seat));
      if (opts.iterations === undefined && now() > deadline) { complete = false; break; }
    }
    if (!complete) break;
    cands.forEach((c, i) => { c.sum += values[i]; c.n += 1; });
    rounds++;
    if (rounds === nextCut && cands.length > 2) {
      cands.sort((x, y) => y.sum / y.n - x.sum / x.n);
      cands = cands.slice(0, Math.max(2, Math.ceil(cands.length / 2)));
      nextCut *= 2;
    }
  }
  if (rounds === 0) return cands[0].a;
  let best = cands[0];
  for (const c of cands) if (c.sum / c.n > best.sum / best.n) best = c;
  return best.a;
}
