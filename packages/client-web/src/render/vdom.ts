/**
 * The Isle table's drawing layer: `h()` as in ./dom.ts, but it makes preact virtual nodes (plain objects)
 * instead of elements, and `mountTable` lets preact change only what differs on the page.
 *
 * Why not ./dom.ts's build-then-morph here: the table is redrawn on every state update, and building a fresh
 * tree of every card, car and log line for each one made thousands of DOM nodes per update for the collector
 * (180,000 counted for 2,300 in the page after 80 updates of a 4-player game) and most of the JS of an update.
 * Virtual nodes are cheap garbage; the page's own nodes are only made for what is new. `Memos` goes further: a
 * part whose inputs (`sig`) have not changed is neither built again nor compared (preact skips it unread).
 *
 * Handlers stay as in ./dom.ts: no listener of their own, one delegated listener per event type on the root
 * (the leak test counts listeners). An element's handlers reach the DOM through one property preact sets.
 */
import { Component, Fragment, h as ph, render, type ComponentChildren, type VNode as PreactNode } from 'preact';
import { delegate, dropGhosts, mount, setHandlers, settleGhosts, type Handler, type Leaving } from './dom';

export type Child = VNode | string | number | null | undefined | false | Child[];
export type Attrs = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a node of any element or component
export type VNode = PreactNode<any>;

/** The property preact sets (a name in the element, so preact assigns it rather than writing an attribute). */
const PROP = 'isleHandlers';
if (typeof HTMLElement !== 'undefined' && !(PROP in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, PROP, {
    configurable: true,
    get(this: HTMLElement) { return undefined; },
    set(this: HTMLElement, v: Record<string, Handler> | null | '') { setHandlers(this, v); },
  });
}

/** Keys of the elements made while a part is built (for arrivals and leavings, and for memo to replay). */
let sinks: string[][] = [];

export function h(tag: string, attrs?: Attrs | null, ...children: Child[]): VNode {
  const props: Record<string, unknown> = {};
  if (attrs) {
    let handlers: Record<string, Handler> | null = null;
    for (const k in attrs) {
      const v = attrs[k];
      if (v === undefined || v === null || v === false) continue;
      if (k.charCodeAt(0) === 111 && k.charCodeAt(1) === 110 && typeof v === 'function') (handlers ??= {})[k] = v as Handler;
      else if (v === true && k !== 'checked' && k !== 'disabled' && k !== 'selected') props[k] = '';
      else props[k] = v;
    }
    if (handlers) props[PROP] = handlers;
    const key = (attrs['data-fkey'] ?? attrs.id) as string | undefined;
    if (key) {
      props.key = key;
      props.ref = arrive;
      if (sinks.length > 0) sinks[sinks.length - 1].push(key);
    }
  }
  return ph(tag, props, children as ComponentChildren);
}

/** Children with no element of their own (a block of a list's items kept as one part). */
export const group = (children: Child[]): VNode => ph(Fragment, null, children as ComponentChildren);

/** An SVG element (icons): preact gives the children of <svg> its namespace. */
export const s = (tag: string, attrs?: Record<string, string | number | undefined | null> | null, ...children: Child[]): VNode => h(tag, attrs, ...children);

export { cx } from './dom';

interface Memo { sig: string; node: VNode; keys: string[]; parts: string[] }

/**
 * A kept part on the page: drawn again only when its `sig` changed. A component rather than the same virtual node
 * handed over again: preact re-parents a skipped component's subtree to the current render, while a reused
 * element node kept pointing at the render it was first drawn in, and through it at that render's whole tree and
 * every element since removed from the page (a leak that grew with every update).
 */
class Part extends Component<{ node: VNode }> {
  // A kept part is handed its old virtual node again; a part built again brings a new one.
  override shouldComponentUpdate(next: { node: VNode }): boolean { return next.node !== this.props.node; }
  override render(): VNode { return this.props.node; }
}

/**
 * Parts of the table drawn again only when their `sig` (everything they show, as a string) changed. The
 * caller's `sig` must cover every input of `build`, handlers' behaviour included. Parts may hold parts (the
 * log holds its lines): a part kept whole keeps those inside it.
 */
export class Memos {
  private parts = new Map<string, Memo>();
  private used = new Set<string>();
  /** The parts being built, innermost last: each gathers the parts built or kept inside it. */
  private open: string[][] = [];

  /**
   * `resig`: the sig to keep once built, when building is what tells which inputs the part reads (the offered
   * targets it looked up, src/render/table.ts): the next render's sig is then compared with it, not with `sig`.
   */
  part(key: string, sig: string, build: () => VNode, resig?: () => string): VNode {
    this.open[this.open.length - 1]?.push(key);
    const old = this.parts.get(key);
    if (old && old.sig === sig) {
      this.keep(key);
      if (sinks.length > 0) sinks[sinks.length - 1].push(...old.keys);
      return ph(Part, { key, node: old.node });
    }
    this.used.add(key);
    const keys: string[] = [];
    const parts: string[] = [];
    sinks.push(keys);
    this.open.push(parts);
    let node: VNode;
    try {
      node = build();
    } finally {
      sinks.pop();
      this.open.pop();
    }
    if (sinks.length > 0) sinks[sinks.length - 1].push(...keys);
    this.parts.set(key, { sig: resig ? resig() : sig, node, keys, parts });
    return ph(Part, { key, node });
  }

  private keep(key: string): void {
    this.used.add(key);
    for (const k of this.parts.get(key)?.parts ?? []) this.keep(k);
  }

  /** After a render: forget the parts it did not draw. */
  sweep(): void {
    for (const k of this.parts.keys()) if (!this.used.has(k)) this.parts.delete(k);
    this.used.clear();
  }

  clear(): void {
    this.parts.clear();
    this.used.clear();
  }
}

/**
 * An element made elsewhere (the shell's chat panel, the replay bar) in the table: kept in a wrapper that takes
 * no room of its own (`display: contents`), and morphed into it by ./dom.ts after each render. A source with a
 * `key` (what it shows, as a string) is read only when the key changed: while it is the same, the panel on the
 * page stays as it is, and no new one is built to be compared with it. (./dom.ts's morph, without motion: the
 * panel's own changes are not the table's arrivals.)
 */
export type ForeignSource = HTMLElement | { key: string; get(): HTMLElement | null };

class Foreign extends Component<{ src: ForeignSource; cls: string }> {
  private host: HTMLElement | null = null;
  /** What was last put on the page: the element, or the source's key. */
  private drawn: HTMLElement | string | null = null;
  private readonly ref = (e: HTMLElement | null) => { this.host = e; };
  override componentDidMount(): void { this.put(); }
  // A render without a new frame (a card's details on hover) brings the same element or key: it is on the page already.
  override componentDidUpdate(): void { this.put(); }
  private put(): void {
    const src = this.props.src;
    const id = src instanceof HTMLElement ? src : src.key;
    if (!this.host || id === this.drawn) return;
    const el = src instanceof HTMLElement ? src : src.get();
    this.drawn = id;
    if (el) mount(this.host, el, { motion: false });
    else this.host.replaceChildren();
  }
  override render(): VNode {
    return ph('div', { class: `foreign ${this.props.cls}`, ref: this.ref });
  }
}

export function foreign(src: ForeignSource, cls: string, key: string): VNode {
  return ph(Foreign, { src, cls, key });
}

/** What a render may show of its changes: `motion: false` (a replay jump) changes the page without animation. */
export interface MountOptions { motion?: boolean }

/**
 * `placed`: the element made for each key on the page now (kept to the keys of the last render: an element kept
 * after it left would hold its whole detached subtree, and the table's, once that is taken down).
 */
interface RootState { el: Element | null; keys: Set<string>; placed: Map<string, HTMLElement> }
const roots = new WeakMap<HTMLElement, RootState>();

/** Parts that slide in when they arrive, and fade out where they stood when they leave. */
const ARRIVES = '.card, .car, .load, .pax, .building';
const LEAVES = '.card, .load, .pax, .building';

/** While a render with motion goes onto the page: the keys that were on it before. */
let arriving: Set<string> | null = null;
/**
 * preact hands each element it makes for a keyed node to its `ref`: one whose key is new since the last render
 * slides in. (Found by key after the render instead, each arrival was a search of the whole page.) An element
 * made again under a key already there (a passenger chip turning into a button) has not arrived.
 */
function arrive(el: HTMLElement | null): void {
  if (!el) return;
  const fkey = el.getAttribute('data-fkey');
  if (fkey !== null) placing?.set(fkey, el);
  if (arriving && !arriving.has(fkey ?? el.id) && el.matches(ARRIVES)) el.classList.add('enter');
}

/**
 * While a render goes onto the page: its root's elements by `data-fkey`, which preact hands to the same ref as it
 * makes them. What leaves is found there rather than by a search of the page for each leaving key (a few a render,
 * each a walk of some 3,000 elements).
 */
let placing: Map<string, HTMLElement> | null = null;

/**
 * Draw `build()` into `root`. The keys of the elements it makes are gathered while it builds, so what arrives
 * (a key new since the last render) slides in and what leaves is measured before preact removes it.
 */
export function mountTable(root: HTMLElement, build: () => VNode, opts: MountOptions = {}): void {
  delegate(root);
  const keys: string[] = [];
  sinks = [keys];
  let vnode: VNode;
  try {
    vnode = build();
  } finally {
    sinks = [];
  }
  const after = new Set(keys);
  const st = roots.get(root);
  // Another screen was drawn here meanwhile (the lobby, by ./dom.ts): start afresh, without motion.
  if (!st || root.firstElementChild !== st.el || root.childElementCount !== 1) {
    dropGhosts(() => true);
    if (st) render(null, root);
    root.replaceChildren();
    const placed = new Map<string, HTMLElement>();
    placing = placed;
    try {
      render(vnode, root);
    } finally {
      placing = null;
    }
    roots.set(root, { el: root.firstElementChild, keys: after, placed });
    return;
  }
  const motion = opts.motion !== false && !reducedMotion?.matches;
  const before = st.keys;
  // What leaves (taken, delivered, discarded) is measured now, before the render moves anything.
  const leaving: Leaving[] = [];
  if (motion) {
    for (const k of before) {
      if (after.has(k)) continue;
      const el = st.placed.get(k);
      if (!el || !el.isConnected || !el.matches(LEAVES)) continue;
      const row = el.parentElement?.closest<HTMLElement>('[data-fkey]');
      const rowKey = row?.getAttribute('data-fkey');
      // A part whose row leaves too (a car scrapped with its load, the dock at the game's end) has no place to fade.
      if (!row || !rowKey || !after.has(rowKey)) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.bottom < 0 || box.top > innerHeight) continue;
      leaving.push({ el, box, rowKey, rowBox: row.getBoundingClientRect() });
    }
  }
  arriving = motion ? before : null;
  placing = st.placed;
  try {
    render(vnode, root);
  } finally {
    arriving = null;
    placing = null;
  }
  // Keys that left, and elements made under no key of this render's (an end panel built before it).
  for (const k of st.placed.keys()) if (!after.has(k)) st.placed.delete(k);
  st.el = root.firstElementChild;
  st.keys = after;
  settleGhosts(root, leaving);
}

/** The table leaves the page: preact lets go of it. */
export function unmountTable(root: HTMLElement): void {
  if (!roots.has(root)) return;
  roots.delete(root);
  dropGhosts(() => true);
  render(null, root);
}

const reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
