/** The end-of-game panel: score table per player and category, winner and tie-break, solo result. */
import type { ScoreBreakdown } from '@isle-of-trains/rules';
import { cardName } from '../cards';
import type { EndModel } from '../view-model';
import { cx, h } from './dom';

export function renderEnd(e: EndModel, scores: ScoreBreakdown, replayUrl: string | null, seed: string, onLobby: () => void): HTMLElement {
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
          e.names.map((n, i) => h('th', { scope: 'col', class: cx({ winner: winnerIdx.has(i) }) }, n, winnerIdx.has(i) && e.names.length > 1 ? ' 🏆' : '')))),
        h('tbody', null,
          e.rows.map((r) => h('tr', null, h('th', { scope: 'row' }, r.label), r.values.map((v) => h('td', null, String(v))))),
          h('tr', { class: 'total' }, h('th', { scope: 'row' }, 'Total'), e.totals.map((t, i) => h('td', { class: cx({ winner: winnerIdx.has(i) }) }, String(t)))),
          h('tr', { class: 'minor' }, h('th', { scope: 'row' }, 'Train length (tie-break)'), scores.players.map((p) => h('td', null, String(p.trainLength))))))),
    scores.players.some((p) => p.buildingDetail.length > 0)
      ? h('p', { class: 'muted' }, 'Buildings: ', scores.players.flatMap((p, i) => p.buildingDetail.map((b) => `${e.names[i]}: ${cardName(b.card)} ${b.points}`)).join(' · '))
      : null,
    e.rating ? h('p', { class: 'rating' }, `Rating: ${e.rating}`) : null,
    h('p', { class: 'end-links' },
      replayUrl ? h('a', { href: replayUrl, target: '_blank', rel: 'noopener', id: 'replay-link' }, 'Replay data (seed and every move)') : null,
      seed ? h('span', { class: 'muted' }, `Seed: ${seed}`) : null,
      h('button', { type: 'button', class: 'primary', onclick: onLobby, 'data-fkey': 'to-lobby' }, 'Back to the lobby')));
}
