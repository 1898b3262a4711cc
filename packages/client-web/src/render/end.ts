/** The end-of-game panel: score table per player and category, winner and tie-break, solo result. */
import type { ScoreBreakdown } from '@isle-of-trains/rules';
import { cardName } from '../cards';
import type { EndModel } from '../view-model';
import { icon } from './icons';
import { cx, h, type VNode } from './vdom';

export interface EndActions {
  /**
   * The game's id, for the replay viewer. The replay's raw JSON is not offered here: beside "Watch the replay" it
   * was a trap for players; developers find GET /api/games/:id/replay in docs/PROTOCOL.md.
   */
  gameId: string | null;
  onLobby(): void;
  /** A new game with the same seats, bots and settings (a new seed); absent where it cannot apply. */
  onRematch?: () => void;
  /** The rematch button's words (e.g. when another player already asked for one). */
  rematchLabel?: string;
  onReplay?: () => void;
  /** The replay's address: "Watch the replay" is then a link (another tab, a copied link), opened here by a plain click. */
  replayHref?: string;
  /** The replay viewer with the coach's analysis of this player's seat (seated players only). */
  onAnalyse?: () => void;
}

/** A plain click (no modifier, main button) stays in this tab; others go to the browser (a new tab, a window). */
function plainClick(e: Event): boolean {
  const m = e as MouseEvent;
  return !(m.button > 0 || m.ctrlKey || m.metaKey || m.shiftKey || m.altKey);
}

export function renderEnd(e: EndModel, scores: ScoreBreakdown, seed: string, a: EndActions): VNode {
  const winnerIdx = new Set(scores.winners.map((w) => scores.players.findIndex((p) => p.seat === w)));
  const outcome = e.solo?.outcome;
  return h('section', { class: cx('end', { won: outcome === 'won', lost: outcome === 'lost' }), 'aria-label': 'Final scores', id: 'end-screen' },
    h('h2', { class: 'end-headline' }, e.headline),
    e.reason ? h('p', { class: 'end-reason' }, e.reason) : null,
    e.solo ? h('p', { class: 'end-solo' }, h('b', null, e.solo.title), ' — ', e.solo.text) : null,
    e.tieBreak ? h('p', { class: 'tiebreak' }, e.tieBreak) : null,
    h('div', { class: 'score-wrap' },
      h('table', { class: 'scores' },
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Points'),
          e.names.map((n, i) => h('th', { scope: 'col', class: cx({ winner: winnerIdx.has(i) }) }, n, winnerIdx.has(i) && e.names.length > 1 ? [' ', icon('i-cup', 'ic cup'), h('span', { class: 'sr' }, '(winner)')] : null)))),
        h('tbody', null,
          e.rows.map((r) => h('tr', null, h('th', { scope: 'row' }, r.label), r.values.map((v) => h('td', null, String(v))))),
          h('tr', { class: 'total' }, h('th', { scope: 'row' }, 'Total'), e.totals.map((t, i) => h('td', { class: cx({ winner: winnerIdx.has(i) }) }, String(t)))),
          h('tr', { class: 'minor' }, h('th', { scope: 'row' }, 'Train length (tie-break)'), scores.players.map((p) => h('td', null, String(p.trainLength))))))),
    scores.players.some((p) => p.buildingDetail.length > 0)
      ? h('p', { class: 'muted' }, 'Buildings: ', scores.players.flatMap((p, i) => p.buildingDetail.map((b) => `${e.names[i]}: ${cardName(b.card)} ${b.points}`)).join(' · '))
      : null,
    e.rating ? h('p', { class: 'rating' }, `Rating: ${e.rating}`) : null,
    h('p', { class: 'end-links' },
      a.onRematch ? h('button', { type: 'button', class: 'primary', onclick: a.onRematch, 'data-fkey': 'rematch', id: 'rematch' }, a.rematchLabel ?? 'Play again (same seats, new seed)') : null,
      a.gameId && a.onReplay && a.replayHref
        ? h('a', { href: a.replayHref, class: 'button-link', 'data-fkey': 'replay', id: 'replay-open', onclick: (e: Event) => { if (plainClick(e)) { e.preventDefault(); a.onReplay!(); } } }, 'Watch the replay')
        : a.gameId && a.onReplay ? h('button', { type: 'button', onclick: a.onReplay, 'data-fkey': 'replay', id: 'replay-open' }, 'Watch the replay') : null,
      a.gameId && a.onAnalyse ? h('button', { type: 'button', onclick: a.onAnalyse, 'data-fkey': 'analyse', id: 'analyse-open' }, 'Analyse my game') : null,
      seed ? h('span', { class: 'muted' }, `Seed: ${seed}`) : null,
      h('button', { type: 'button', onclick: a.onLobby, 'data-fkey': 'to-lobby' }, 'Back to the lobby')));
}
