/**
 * A very small DOM builder, h('div', { class: 'x', onclick }, children…), and `mount`, which morphs the
 * live page into the freshly built tree (morphdom) instead of replacing it.
 *
 * Why: replacing the whole screen on every state patch left every old tree, with its listeners, for the
 * collector (80,000 nodes and 5,900 listeners after one game). Now elements are reused (keyed by
 * `data-fkey`), and no element gets a listener of its own: handlers are kept in a property and called by
 * one delegated listener per event type on the root, so the listener count never grows.
 */
import morphdom from 'morphdom';
import { afterLayout } from './after-layout';

export type Child = Node | string | number | null | undefined | false | Child[];
export type Attrs = Record<string, unknown>;
/** A handler gets the event and the element it was declared on (the delegated listener has no currentTarget). */
export type Handler = (e: Event, el: HTMLElement) => void;

const HANDLERS = Symbol('handlers');
/** Give an element its handlers (by declared name, as `h` takes them) for the delegated listeners: src/render/vdom.ts. */
export function setHandlers(el: Element, handlers: Record<string, Handler> | null | undefined | ''): void {
  const w = el as WithHandlers;
  if (!handlers) {
    delete w[HANDLERS];
    return;
  }
  const byType: Record<string, Handler> = {};
  for (const [k, fn] of Object.entries(handlers)) {
    const type = EVENTS[k];
    if (!type) throw new Error(`h(): unsupported event ${k}`);
    byType[type] = fn;
  }
  w[HANDLERS] = byType;
}
type WithHandlers = HTMLElement & { [HANDLERS]?: Record<string, Handler> };

/** Declared name → the bubbling event the root listens to. */
const EVENTS: Record<string, string> = {
  onclick: 'click', oninput: 'input', onchange: 'change', onsubmit: 'submit', onkeydown: 'keydown',
  onfocus: 'focusin', onmouseenter: 'mouseover',
};

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') {
        const type = EVENTS[k];
        if (!type) throw new Error(`h(): unsupported event ${k}`);
        const w = el as WithHandlers;
        (w[HANDLERS] ??= {})[type] = v as Handler;
      } else if (k === 'class') {
        el.className = String(v);
      } else if (k === 'style' && typeof v === 'object') {
        for (const [sk, sv] of Object.entries(v as Record<string, string>)) {
          if (sk.startsWith('--')) el.style.setProperty(sk, sv);
          else (el.style as unknown as Record<string, string>)[sk] = sv;
        }
      } else if (k === 'value' && 'value' in el) {
        (el as HTMLInputElement).value = String(v);
      } else if (k === 'checked' || k === 'disabled' || k === 'selected') {
        (el as unknown as Record<string, boolean>)[k] = Boolean(v);
        if (v) el.setAttribute(k, '');
      } else {
        el.setAttribute(k, v === true ? '' : String(v));
      }
    }
  }
  append(el, children);
  return el;
}

/** An SVG element (icons, the island map). */
export function s(tag: string, attrs?: Record<string, string | number | undefined | null> | null, ...children: Child[]): SVGElement {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  if (attrs) for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  append(el, children);
  return el;
}

function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

/** Class names from a map of flags. */
export function cx(...parts: (string | false | null | undefined | Record<string, unknown>)[]): string {
  const out: string[] = [];
  for (const p of parts) {
    if (!p) continue;
    if (typeof p === 'string') out.push(p);
    else for (const [k, v] of Object.entries(p)) if (v) out.push(k);
  }
  return out.join(' ');
}

const delegated = new WeakSet<HTMLElement>();

/** One listener per event type on the root: walk from the target up, calling declared handlers. */
/** The elements whose handler an event has run, per event. */
const ran = new WeakMap<Event, Set<Element>>();

export function delegate(root: HTMLElement): void {
  if (delegated.has(root)) return;
  delegated.add(root);
  for (const type of new Set(Object.values(EVENTS))) {
    root.addEventListener(type, (e) => {
      let el = e.target as WithHandlers | null;
      // A part mounted inside another mounted part (a game's table inside the page) has a root of its own:
      // each element's handler runs once per event, whichever root the event reaches first.
      const seen = ran.get(e) ?? new Set<Element>();
      ran.set(e, seen);
      while (el && el !== root.parentElement) {
        const fn = el[HANDLERS]?.[type];
        // mouseover stands in for mouseenter: only when the pointer comes from outside the element.
        if (fn && !seen.has(el) && !(type === 'mouseover' && (e as MouseEvent).relatedTarget instanceof Node && el.contains((e as MouseEvent).relatedTarget as Node))) {
          seen.add(el);
          fn(e, el);
          if (e.cancelBubble) return;
        }
        el = el.parentElement as WithHandlers | null;
      }
    });
  }
}

/** Elements are matched by key, so a card or car keeps its element (and focus) from one render to the next. */
function nodeKey(n: Node): string | undefined {
  if (n.nodeType !== 1) return undefined;
  const e = n as HTMLElement;
  return e.id || e.getAttribute('data-fkey') || undefined;
}

/** What a render may show of its changes: `motion: false` (a replay jump) changes the page without animation. */
export interface MountOptions { motion?: boolean }

/**
 * Make `root`'s content look like `content`, reusing the elements already there. Focus, scroll positions and
 * input carets survive because the elements do.
 */
export function mount(root: HTMLElement, content: HTMLElement, opts: MountOptions = {}): void {
  delegate(root);
  const current = root.firstElementChild;
  // Another screen (lobby → table): start afresh, and without arrival animations.
  if (root.children.length !== 1 || !current || current.tagName !== content.tagName || current.classList[0] !== content.classList[0]) {
    dropGhosts(() => true);
    root.replaceChildren(content);
    return;
  }
  const motion = opts.motion !== false && !reducedMotion?.matches;
  // Keys on screen before this render: an element whose key is new has arrived (a card taken, a car built, a
  // passenger seated); an element merely re-made (a card turning into a button when it becomes clickable) has not.
  const before = new Set<string>();
  current.querySelectorAll('[data-fkey]').forEach((e) => before.add(e.getAttribute('data-fkey')!));
  const after = new Set<string>();
  content.querySelectorAll('[data-fkey]').forEach((e) => after.add(e.getAttribute('data-fkey')!));
  // What leaves (taken, delivered, discarded) is measured now, before the morph: measured while morphdom is
  // half-way through, a card's box was wherever the half-made page put it (below a newly added end panel).
  const leaving = motion ? leavingParts(current, after) : [];
  morphdom(current, content, {
    getNodeKey: nodeKey,
    onNodeAdded(node) {
      // What arrives slides in (CSS; off under prefers-reduced-motion).
      if (motion && node instanceof HTMLElement && node.matches('.card, .car, .load, .pax, .building')) {
        const k = node.getAttribute('data-fkey');
        if (k && !before.has(k)) node.classList.add('enter');
      }
      return node;
    },
    onBeforeElUpdated(from, to) {
      if (sameSignature(from, to)) return false;
      (from as WithHandlers)[HANDLERS] = (to as WithHandlers)[HANDLERS];
      // A render that comes while something is still sliding in (the next patch, the ack) keeps its motion:
      // the fresh tree has no 'enter', and dropping the class would cut the animation short.
      if (from.classList.contains('enter')) to.classList.add('enter');
      // The user is typing here: keep their text and caret (the state follows through oninput anyway).
      if (from === document.activeElement && from instanceof HTMLInputElement && to instanceof HTMLInputElement) {
        to.value = from.value;
      }
      return true;
    },
  });
  settleGhosts(root, leaving);
}

/**
 * After a render, once the browser has laid the page out (./after-layout.ts: measured right after the render,
 * the rows' boxes made it lay the page out inside the render): a copy fading out is only right while the row it
 * stood in stays put, so the copies whose row moved or went away in this render (an end panel pushed the board
 * down, a phone tab hid it) go, and each leaving part gets its copy only when its row stayed put.
 */
export function settleGhosts(root: HTMLElement, leaving: Leaving[]): void {
  if (ghosts.size === 0 && leaving.length === 0) return;
  afterLayout(() => {
    // Read every box first; the copies go in (and the moved ones go) once every job has read its boxes.
    const gone = [...ghosts].filter((g) => moved(g.row, g.rowBox));
    const stay: { l: Leaving; row: HTMLElement; box: DOMRect }[] = [];
    for (const l of leaving) {
      const row = root.querySelector<HTMLElement>(`[data-fkey="${CSS.escape(l.rowKey)}"]`);
      const box = row?.isConnected ? row.getBoundingClientRect() : null;
      if (row && box && !movedFrom(box, l.rowBox)) stay.push({ l, row, box });
    }
    if (gone.length === 0 && stay.length === 0) return undefined;
    return () => {
      const drop = new Set(gone);
      dropGhosts((g) => drop.has(g));
      for (const { l, row, box } of stay) leaveGhost(l.el, l.box, row, box);
    };
  }, true);
}

const reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

// One listener for the whole page: an element whose arrival animation has finished loses 'enter', so a later
// render neither replays nor keeps it.
if (typeof document !== 'undefined') {
  document.addEventListener('animationend', (e) => {
    const t = e.target;
    if (t instanceof HTMLElement && e.animationName === 'arrive') t.classList.remove('enter');
  });
  // A fading copy is fixed to the window: when its row scrolls (the board, the dock, the page) or the window
  // changes size, it no longer stands where the card was, so it goes at once.
  document.addEventListener('scroll', (e) => {
    const t = e.target;
    dropGhosts((g) => t === document || (t instanceof Node && t.contains(g.row)));
  }, { capture: true, passive: true });
  window.addEventListener('resize', () => dropGhosts(() => true));
}

export interface Leaving { el: HTMLElement; box: DOMRect; rowKey: string; rowBox: DOMRect }
interface Ghost { ghost: HTMLElement; row: HTMLElement; rowBox: DOMRect }
const ghosts = new Set<Ghost>();

/** Cards and passengers of the old page whose key the new page lacks, with their boxes and their row's. */
function leavingParts(current: Element, after: Set<string>): Leaving[] {
  const out: Leaving[] = [];
  current.querySelectorAll<HTMLElement>('.card[data-fkey], .load[data-fkey], .pax[data-fkey], .building[data-fkey]').forEach((el) => {
    if (after.has(el.getAttribute('data-fkey')!)) return;
    const row = el.parentElement?.closest<HTMLElement>('[data-fkey]');
    const rowKey = row?.getAttribute('data-fkey');
    // A part whose row leaves too (a car scrapped with its load, the dock at the game's end) has no place to fade.
    if (!row || !rowKey || !after.has(rowKey)) return;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.bottom < 0 || box.top > innerHeight) return;
    out.push({ el, box, rowKey, rowBox: row.getBoundingClientRect() });
  });
  return out;
}

export function moved(row: HTMLElement, was: DOMRect): boolean {
  return !row.isConnected || movedFrom(row.getBoundingClientRect(), was);
}

function movedFrom(r: DOMRect, was: DOMRect): boolean {
  return r.width === 0 || Math.abs(r.left - was.left) > 1 || Math.abs(r.top - was.top) > 1;
}

export function dropGhosts(which: (g: Ghost) => boolean): void {
  for (const g of ghosts) {
    if (!which(g)) continue;
    g.ghost.remove();
    ghosts.delete(g);
  }
}

/**
 * A copy of a leaving element, fixed where it stood (measured before the render), that fades away. `rowBox`: its
 * row's box now, measured before the copy goes in (measured after, it would make the browser lay the page out again).
 */
function leaveGhost(el: HTMLElement, r: DOMRect, row: HTMLElement, rowBox: DOMRect): void {
  const ghost = el.cloneNode(true) as HTMLElement;
  ghost.removeAttribute('data-fkey');
  ghost.removeAttribute('data-key');
  ghost.removeAttribute('id');
  ghost.setAttribute('aria-hidden', 'true');
  ghost.setAttribute('inert', '');
  ghost.classList.remove('enter');
  ghost.classList.add('ghost');
  Object.assign(ghost.style, { position: 'fixed', left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px`, margin: '0', pointerEvents: 'none', zIndex: '40' });
  document.body.appendChild(ghost);
  const g: Ghost = { ghost, row, rowBox };
  ghosts.add(g);
  window.setTimeout(() => dropGhosts((x) => x === g), 450);
}

/** Morph just one part of the page (the details panel on hover, without re-rendering the screen). */
export function patch(el: HTMLElement, content: HTMLElement): void {
  morphdom(el, content, {
    getNodeKey: nodeKey,
    onBeforeElUpdated(from, to) {
      if (sameSignature(from, to)) return false;
      (from as WithHandlers)[HANDLERS] = (to as WithHandlers)[HANDLERS];
      return true;
    },
  });
}

/**
 * An element built with a `data-sig` that matches the one on the page is left as it is, its descendants
 * unvisited: the signature stands for everything the element shows and does, so its builder puts into it every
 * value its content and its handlers read (handlers already on the page stay, so they must act alike). For long
 * lists of which an update changes a few rows (the second game's route list: about 150 rows, each compared
 * attribute by attribute on every update).
 */
function sameSignature(from: Element, to: Element): boolean {
  const sig = to.getAttribute('data-sig');
  return sig !== null && sig === from.getAttribute('data-sig');
}
