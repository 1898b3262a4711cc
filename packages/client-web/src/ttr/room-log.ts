/**
 * The second game's log list, beside its board: the room's lines (the whole game's, as the shell keeps
 * them), the seat's own lines marked, and the way to the older lines still on the server. It uses the
 * shell's log classes, so the shell keeps the newest line in view and fetches older pages on scrolling up
 * (src/shell/log.ts). Every line is the server's text, put in as text nodes.
 */
import type { LogEntryJSON } from '@isle-of-trains/client';
import { cx, h } from '../render/dom';
import { KeptRows } from '../render/kept-rows';
import type { ShellFrame } from '../shell/frame';

/** `kept`: the lines of the last render (a line is built once, not on every update of a long game). */
export function logLines(log: readonly LogEntryJSON[], seat: number | null, older: ShellFrame['log'], kept = new KeptRows()): HTMLElement {
  const last = log.length > 0 ? log[log.length - 1].n : 0;
  const head = older?.loading
    ? h('li', { class: 'log-older muted', 'data-fkey': 'log-older' }, 'Loading earlier lines…')
    : older?.more
      ? h('li', { class: 'log-older', 'data-fkey': 'log-older' }, h('button', { type: 'button', class: 'ttr-link', onclick: () => older.onOlder() }, 'Show earlier lines'))
      : null;
  return h('ol', { class: 'log-list', 'data-fkey': 'log-list', tabindex: '0', 'aria-label': 'Game log lines', 'aria-live': 'polite', 'data-last': String(last) },
    head,
    log.length === 0 ? h('li', { class: 'muted', 'data-fkey': 'log-none' }, 'Nothing yet.') : null,
    // A line's sig is all it shows: a number can come back with other words after a step is taken back. The newest
    // line is marked (styles.css, .newest) until the next one comes.
    kept.rows(log, (e) => `log-${e.n}`, (e) => `${seat !== null && e.seat === seat ? 1 : 0}|${e.n === last ? 1 : 0}|${e.type}|${e.text}`, (e) => h('li', { class: cx({ mine: seat !== null && e.seat === seat, newest: e.n === last }), 'data-type': e.type },
      h('span', { class: 'log-n' }, String(e.n)), h('span', { class: 'log-t' }, e.text))));
}
