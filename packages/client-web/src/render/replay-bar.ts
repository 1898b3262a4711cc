/** The replay viewer's controls: first, back, play/pause, forward, last, a slider and "jump to turn". */
import { h } from './dom';

export interface ReplayBarModel {
  index: number;
  last: number;
  playing: boolean;
  turn: number;
  turns: { turn: number; index: number }[];
  moveText: string;
  broken: number | null;
  /** The coach's strip (marks on the timeline), when an analysis was asked for. */
  coach?: HTMLElement | null;
}

export interface ReplayBarActions {
  go(index: number): void;
  play(on: boolean): void;
}

export function replayBar(m: ReplayBarModel, a: ReplayBarActions): HTMLElement {
  const btn = (label: string, title: string, fkey: string, to: number, disabled: boolean) =>
    h('button', { type: 'button', title, 'aria-label': title, 'data-fkey': fkey, disabled, onclick: () => a.go(to) }, label);
  return h('section', { class: 'replay-bar', 'aria-label': 'Replay controls', 'data-fkey': 'replay-bar' },
    h('div', { class: 'move-text', 'aria-live': 'polite', id: 'replay-move' }, `Move ${m.index} of ${m.last}: ${m.moveText}`),
    btn('« First', 'First move', 'rp-first', 0, m.index === 0),
    btn('◀', 'One move back', 'rp-back', m.index - 1, m.index === 0),
    h('button', { type: 'button', class: 'primary', 'data-fkey': 'rp-play', id: 'replay-play', onclick: () => a.play(!m.playing) }, m.playing ? 'Pause' : 'Play'),
    btn('▶', 'One move forward', 'rp-forward', m.index + 1, m.index >= m.last),
    btn('Last »', 'Last move', 'rp-last', m.last, m.index >= m.last),
    h('input', {
      type: 'range', min: '0', max: String(m.last), value: String(m.index), 'aria-label': 'Move', 'data-fkey': 'rp-range', id: 'replay-range',
      oninput: (e: Event) => a.go(Number((e.target as HTMLInputElement).value)),
    }),
    h('label', { for: 'replay-turn' }, 'Turn '),
    h('select', { id: 'replay-turn', 'data-fkey': 'rp-turn', onchange: (e: Event) => a.go(Number((e.target as HTMLSelectElement).value)) },
      m.turns.map((t) => h('option', { value: String(t.index), selected: t.turn === m.turn }, String(t.turn)))),
    m.broken !== null ? h('span', { class: 'error' }, `The replay stops at move ${m.broken}: the rules refused it.`) : null,
    m.coach ?? null);
}
