/**
 * The first-game tour and the "words beside the icons" switch.
 *
 * A new visitor's first table offers the tour once (a small bar over the right end of the turn bar, where it
 * covers no control); the choice is remembered in localStorage, and "How to play here" starts it again. The
 * tour is a non-modal panel and a ring drawn round the thing it talks about: the table stays playable under it,
 * and the tour never picks, sends or changes anything in the game. Its elements live outside the table's root,
 * so the table's drawing never sees them.
 */
import { TOUR_STEPS, type TourStep } from './tour-steps';
import { afterLayout } from '../render/after-layout';

export const TOUR_KEY = 'isle.tour';
export const WORDS_KEY = 'isle.iconWords';

const ICON_WORD: Record<string, [string, string]> = {
  cost: ['i-cost', 'cost'], weight: ['i-weight', 'weight'], vp: ['i-vp', 'points'], draw: ['i-draw', 'draw'],
};

function safeGet(store: Storage | null, key: string): string | null {
  try { return store?.getItem(key) ?? null; } catch { return null; }
}
function safeSet(store: Storage | null, key: string, value: string): void {
  // A browser refusing storage (private mode, full quota) only means the choice is not remembered.
  try { store?.setItem(key, value); } catch { /* not remembered */ }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string>, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...kids);
  return e;
}

function button(label: string, cls: string, onclick: () => void): HTMLButtonElement {
  const b = el('button', { type: 'button', class: cls }, label);
  b.addEventListener('click', onclick);
  return b;
}

/** A step's text with its `{icon}` marks drawn as the icon and its word. */
function stepText(text: string): HTMLElement {
  const p = el('p', { class: 'tour-text', id: 'tour-text' });
  for (const part of text.split(/(\{\w+\})/)) {
    const m = /^\{(\w+)\}$/.exec(part);
    const iw = m ? ICON_WORD[m[1]] : undefined;
    if (!iw) { p.append(part); continue; }
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'ic');
    svg.setAttribute('aria-hidden', 'true');
    const use = document.createElementNS('http://www.w3.org/2000/svg', 'use');
    use.setAttribute('href', `#${iw[0]}`);
    svg.append(use);
    p.append(el('span', { class: 'tour-icon' }, svg, ` ${iw[1]}`));
  }
  return p;
}

/** The first of the step's targets that is on screen (a phone's hidden tabs have no box). */
function targetOf(step: TourStep, root: ParentNode): HTMLElement | null {
  for (const sel of step.at) {
    const found = root.querySelector<HTMLElement>(sel);
    if (found && found.getClientRects().length > 0 && found.getBoundingClientRect().width > 0) return found;
  }
  return null;
}

export class Tour {
  private step = -1;
  private panel: HTMLElement | null = null;
  private ring: HTMLElement | null = null;
  private offerBar: HTMLElement | null = null;
  /** Where the keyboard was before the tour took it (the help panel's button), given back when the tour ends. */
  private returnFocus: HTMLElement | null = null;
  private readonly onResize = () => this.place()?.();

  constructor(private readonly root: HTMLElement, private readonly store: Storage | null) {
    document.body.classList.toggle('icon-words', safeGet(store, WORDS_KEY) === 'on');
    window.addEventListener('resize', this.onResize);
    // The board and the dock scroll inside the page: the ring follows its target (capture: scrolls do not bubble).
    document.addEventListener('scroll', this.onResize, true);
  }

  /**
   * Called after each render: offers the tour to a new visitor at a game they play, keeps the ring on its target.
   * The boxes are read once the browser has laid the page out anyway (src/render/after-layout.ts): read right
   * after the render, they made it lay the whole page out inside every render while the offer was up (a new
   * player's whole first game, unless they answer it).
   */
  update(playing: boolean): void {
    if (playing && this.step < 0 && !this.offerBar && safeGet(this.store, TOUR_KEY) === null) this.offer();
    if (!playing) this.hideOffer();
    if (!this.placing && (this.offerBar || this.step >= 0)) {
      this.placing = true;
      afterLayout(() => {
        this.placing = false;
        return this.place();
      });
    }
  }

  /** A placing after the next layout is asked for already. */
  private placing = false;

  get open(): boolean {
    return this.step >= 0;
  }

  private offer(): void {
    // Offered once: from here on the tour waits in the help panel, whatever the visitor answers.
    safeSet(this.store, TOUR_KEY, 'offered');
    this.offerBar = el('div', { class: 'tour-offer', role: 'group', 'aria-label': 'First game tour' },
      el('span', {}, 'New to the game?'),
      button('Show me around', 'tour-btn primary tour-start', () => this.start()),
      button('No thanks', 'tour-btn tour-decline', () => this.hideOffer()));
    document.body.append(this.offerBar);
    document.body.classList.add('tour-offered');
  }

  private hideOffer(): void {
    this.offerBar?.remove();
    this.offerBar = null;
    document.body.classList.remove('tour-offered');
  }

  start(): void {
    const active = document.activeElement;
    this.returnFocus = active instanceof HTMLElement && active !== document.body && !active.closest('.tour-offer') ? active : null;
    this.hideOffer();
    safeSet(this.store, TOUR_KEY, 'started');
    this.show(0);
  }

  /** Ends the tour (Skip, Finish, Escape); the game under it is as it was. */
  close(): void {
    if (this.step >= 0) safeSet(this.store, TOUR_KEY, this.step >= TOUR_STEPS.length - 1 ? 'finished' : 'skipped');
    this.step = -1;
    this.panel?.remove();
    this.ring?.remove();
    this.panel = this.ring = null;
    if (this.returnFocus?.isConnected) this.returnFocus.focus();
    this.returnFocus = null;
  }

  private show(i: number): void {
    this.step = i;
    const s = TOUR_STEPS[i];
    const last = i === TOUR_STEPS.length - 1;
    this.panel?.remove();
    const actions = el('div', { class: 'tour-actions' });
    if (i > 0) actions.append(button('Back', 'tour-btn tour-back', () => this.show(i - 1)));
    actions.append(button(last ? 'Finish' : 'Next', 'tour-btn primary tour-next', () => (last ? this.close() : this.show(i + 1))));
    if (!last) actions.append(button('Skip the tour', 'tour-btn tour-skip', () => this.close()));
    const words = s.words
      ? button(wordsOn() ? 'Icons only' : 'Show words beside the icons', 'tour-btn tour-words', () => { setIconWords(this.store, !wordsOn()); this.show(i); })
      : null;
    this.panel = el('section', { class: 'tour', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'tour-title', 'aria-describedby': 'tour-text' },
      el('h2', { id: 'tour-title' }, s.title, el('span', { class: 'tour-count' }, ` · ${i + 1} of ${TOUR_STEPS.length}`)),
      stepText(s.text), ...(words ? [words] : []), actions);
    this.panel.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      // The table's own Escape (cancel a half-made choice) is not for this panel.
      e.stopPropagation();
      this.close();
    });
    document.body.append(this.panel);
    const target = targetOf(s, this.root);
    target?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    this.place()?.();
    this.panel.querySelector<HTMLElement>('.tour-next')?.focus();
  }

  /**
   * Ring round the step's target; the panel on the other half of the window, so it never hides the target.
   * Reads the boxes and returns the change (see render/after-layout.ts: reads first, then writes); a style is
   * set only when its value changed, so that a frame in which nothing moved is not laid out again.
   */
  private place(): (() => void) | undefined {
    const changes: (() => void)[] = [];
    const offerBar = this.offerBar;
    if (offerBar) {
      // The turn bar makes room for the offer (body.tour-offered in styles.css): at its right end on a wide
      // screen, under its text on a phone.
      const bar = this.root.querySelector('.turnbar')?.getBoundingClientRect();
      const hh = offerBar.offsetHeight;
      const top = !bar ? 0 : narrow?.matches ? bar.bottom - hh - 4 : bar.top + (bar.height - hh) / 2;
      const px = `${Math.max(0, top)}px`;
      if (offerBar.style.top !== px) changes.push(() => { offerBar.style.top = px; });
    }
    const panel = this.panel;
    if (this.step >= 0 && panel) {
      const target = targetOf(TOUR_STEPS[this.step], this.root);
      if (!target) {
        changes.push(() => {
          this.ring?.remove();
          this.ring = null;
          panel.dataset.place = 'middle';
        });
      } else {
        const r = target.getBoundingClientRect();
        const box = { top: `${r.top - 4}px`, left: `${r.left - 4}px`, width: `${r.width + 8}px`, height: `${r.height + 8}px` };
        const side = r.top + r.height / 2 > innerHeight / 2 ? 'top' : 'bottom';
        changes.push(() => {
          this.ring ??= document.body.appendChild(el('div', { class: 'tour-ring', 'aria-hidden': 'true' }));
          const st = this.ring.style;
          if (st.top !== box.top || st.left !== box.left || st.width !== box.width || st.height !== box.height) Object.assign(st, box);
          if (panel.dataset.place !== side) panel.dataset.place = side;
        });
      }
    }
    return changes.length === 0 ? undefined : () => { for (const c of changes) c(); };
  }

  destroy(): void {
    window.removeEventListener('resize', this.onResize);
    document.removeEventListener('scroll', this.onResize, true);
    this.hideOffer();
    this.close();
    if (current === this) current = null;
  }
}

/** A phone-sized window: the tour's offer sits under the turn bar's text rather than at its end (one query, kept). */
const narrow = typeof matchMedia === 'function' ? matchMedia('(max-width: 900px)') : null;

const wordsOn = (): boolean => document.body.classList.contains('icon-words');

/** Words beside (instead of) the icons on every card, remembered for the next visit. */
export function setIconWords(store: Storage | null, on: boolean): void {
  document.body.classList.toggle('icon-words', on);
  safeSet(store, WORDS_KEY, on ? 'on' : 'off');
  const box = document.getElementById('icon-words') as HTMLInputElement | null;
  if (box) box.checked = on;
}

let current: Tour | null = null;

/** The tour of the table on the page (one table at a time). */
export function mountTour(root: HTMLElement, store: Storage | null): Tour {
  current?.destroy();
  current = new Tour(root, store);
  return current;
}

/** For the help panel: start the tour again, and the words switch. */
export function startTour(): void {
  current?.start();
}
export function toggleIconWords(on: boolean): void {
  setIconWords(current ? localStore() : null, on);
}
export function iconWordsOn(): boolean {
  return typeof document !== 'undefined' && wordsOn();
}

export function localStore(): Storage | null {
  try { return window.localStorage; } catch { return null; }
}
