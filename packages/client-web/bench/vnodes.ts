/**
 * npm run bench:vnodes -w @isle-of-trains/client-web -- [--games 3] [--players 4]
 *
 * How much of the Isle table each state update builds: the virtual nodes (preact's `options.vnode`, every element,
 * fragment and kept part) that `renderTable` makes for each state of seeded games, seen from seat 0, with the
 * offer the page would show (its legal moves when the decision is seat 0's, nothing otherwise) and one `Memos`
 * kept across the game as the page keeps it. Split into the updates where seat 0 decides (its offers change
 * with each one) and the others' moves. A count, not a time: the same on any machine, and what both the build and
 * preact's comparison of an update grow with. The page's own cost per update is the render bench's (bench/render.ts).
 */
import './register';
import { options, type VNode } from 'preact';
import { createGame, currentDecision, legalActions, playerView, type Action, type GameState } from '@isle-of-trains/rules';
import { Memos } from '../src/render/vdom';
import { renderTable, type TableExtras } from '../src/render/table';
import { offer, NONE, type Offer } from '../src/intents';
import { tableModel } from '../src/view-model';
import { roomFromState } from '../src/isle/local-room';
import { apply, rng } from '../test/helpers';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const GAMES = arg('games', 3);
const PLAYERS = arg('players', 4);

let made = 0;
const previous = options.vnode;
options.vnode = (v: VNode) => {
  made++;
  previous?.(v);
};

const noop = () => undefined;
const extras: TableExtras = {
  statusText: '', statusKind: '', refusal: null, detailsCard: null, detailsPinned: false, turnTimeLimit: 0, deadline: null, chapter: 0,
  onDismissRefusal: noop, onLeave: noop, endPanel: null,
};
const waiting: Offer = { prompt: '', targets: {}, buttons: [], canCancel: false };

const own: number[] = [];
const others: number[] = [];
for (let g = 0; g < GAMES; g++) {
  let s: GameState = createGame({ players: PLAYERS, seed: `vnodes-${g}`, names: ['Ada', 'Bo', 'Cy', 'Di'].slice(0, PLAYERS) });
  const r = rng(g + 1);
  const memos = new Memos();
  for (let step = 0; step < 2000 && !s.gameOver; step++) {
    const d = currentDecision(s)!;
    const view = playerView(s, 0);
    const m = tableModel(roomFromState(s, 0), 0, view)!;
    const o = d.seat === 0 ? offer(legalActions(view, 0), NONE, view, 0, d) : waiting;
    made = 0;
    renderTable(m, { offer: o, selected: null, live: true, ui: { pick: noop, details: noop } as never }, extras, memos);
    memos.sweep();
    (d.seat === 0 ? own : others).push(made);
    // Moves as the browser tests pick them: building and delivering preferred, so that games end.
    const legal = legalActions(s, d.seat).filter((a: Action) => a.type !== 'returnCard');
    const good = legal.filter((a: Action) => ['build', 'deliver', 'deliverPrimary', 'deliverSecondary', 'deliverTicket'].includes(a.type));
    const pool = good.length > 0 && r() < 0.7 ? good : legal;
    s = apply(s, pool[Math.floor(r() * pool.length)], d.seat);
  }
}
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const line = (label: string, xs: number[]) => `${label}: ${xs.length} updates, virtual nodes built p50 ${q(xs, 0.5)}, p90 ${q(xs, 0.9)}, max ${Math.max(...xs)}, mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(0)}`;
console.log(`${GAMES} seeded ${PLAYERS}-player games seen from seat 0`);
console.log(line('seat 0 decides', own));
console.log(line('the others move', others));
