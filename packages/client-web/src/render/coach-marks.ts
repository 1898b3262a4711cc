/**
 * The coach's strip in the replay bar: its progress while the server analyses the game, then the marked
 * moves on a timeline under the slider (each a button that jumps there) and, at a marked move, what it cost
 * and the move suggested instead. Text only, from the server's words.
 */
import type { CoachState } from '../replay/coach';
import { h } from './dom';

export function coachStrip(c: CoachState, index: number, last: number, go: (i: number) => void): HTMLElement {
  if (c.status === 'running') {
    const pct = c.total > 0 ? Math.round((100 * c.done) / c.total) : 0;
    return h('div', { class: 'coach', id: 'coach', 'aria-live': 'polite' },
      h('span', null, c.total > 0 ? `Analysing your game: ${c.done} of ${c.total} decisions` : 'Analysing your game…'),
      h('progress', { max: '100', value: String(pct), 'aria-label': 'Analysis progress' }));
  }
  if (c.status === 'failed') return h('div', { class: 'coach error', id: 'coach', role: 'alert' }, `No analysis: ${c.message}`);
  const a = c.analysis;
  const here = a.marks.find((m) => m.index === index);
  return h('div', { class: 'coach', id: 'coach' },
    h('div', { class: 'coach-summary' }, a.marks.length === 0
      ? 'The coach found no costly move in your game.'
      : `The coach marked ${a.marks.length} costly move${a.marks.length === 1 ? '' : 's'}: jump to each on the line below.`),
    h('div', { class: 'coach-line', 'aria-label': 'Marked moves' },
      a.marks.map((m, i) => h('button', {
        type: 'button', class: 'coach-mark', 'data-fkey': `coach-mark-${i}`, 'data-index': String(m.index),
        style: `left: ${last > 0 ? (100 * m.index) / last : 0}%`, title: m.text,
        'aria-label': `Turn ${m.turn}: ${m.madeText}, about ${m.loss} ${a.unit} lost`, 'aria-current': m.index === index ? 'true' : undefined,
        onclick: () => go(m.index),
      }, String(i + 1)))),
    here ? h('p', { class: 'coach-advice', id: 'coach-advice' }, h('b', null, 'Coach, on the next move: '), here.text) : null);
}
