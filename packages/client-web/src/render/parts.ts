/** Small pieces shared by the screens: cards, cars, goods and passenger chips, offer targets. */
import { card, carAccepts, type CardDef } from '@isle-of-trains/rules';
import { CARGO_LABEL, cardTooltip, capacityText, safeCard, type PassengerInfo } from '../cards';
import { goodIcon, icon } from './icons';
import { cardArt } from '../isle/art/slot';
import type { Offer } from '../intents';
import type { CarModel, LoadModel } from '../view-model';
import { cx, group, h, type Attrs, type Child, type VNode } from './vdom';

export interface Ui {
  /** A click on a target key or a button key (see intents.ts). */
  pick(key: string): void;
  /**
   * Show a card in the details panel; `pinned` (an explicit tap or Enter) also opens it over the page on phones.
   * `withNext`: a move goes with it (a click), so the next frame's drawing shows both, instead of a drawing now.
   */
  details(cardId: string | null, pinned?: boolean, withNext?: boolean): void;
}

export interface OfferCtx {
  offer: Offer;
  selected: string | null;
  ui: Ui;
  /** False where nothing can be played (the replay viewer): the handlers then do nothing. */
  live?: boolean;
}

/**
 * Attributes for something that may be an offered target: a button when offered
 * (highlighted, with the hint as its label), else focusable only to show details.
 */
export function targetAttrs(ctx: OfferCtx, key: string, extraClass: string, label: string, cardId?: string): Attrs {
  const t = ctx.offer.targets[key];
  const selected = ctx.selected === key;
  const base: Attrs = {
    class: cx(extraClass, { offer: !!t, 'offer-extra': t?.variant === 'extra', selected }),
    'data-fkey': key,
    'data-key': t ? key : undefined,
    title: [t ? `${t.hint}: ${label}` : label, cardId ? cardTooltip(cardId) : ''].filter(Boolean).join('\n\n'),
    'aria-label': t ? `${t.hint}: ${label}` : label,
    'aria-pressed': selected ? 'true' : undefined,
  };
  if (cardId) {
    base.onmouseenter = () => ctx.ui.details(cardId);
    base.onfocus = () => ctx.ui.details(cardId);
  }
  if (t || selected) {
    base.onclick = (e: Event) => {
      e.stopPropagation();
      // On a phone there is no hover to read a card before acting on it: a tap on a card whose move would go
      // at once (a take, a payment) opens its details sheet, which offers that move as a second tap.
      if (cardId && t && 'send' in t.effect && narrowScreen()) {
        ctx.ui.details(cardId, true);
        return;
      }
      if (cardId) ctx.ui.details(cardId, false, true);
      ctx.ui.pick(key);
    };
  } else if (cardId) {
    base.onclick = (e: Event) => {
      e.stopPropagation();
      ctx.ui.details(cardId, true);
    };
  }
  return base;
}

/** The phone layout (styles.css switches to tabs at the same width). */
export function narrowScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(max-width: 900px)').matches;
}

/** Offered targets on this card (display, hand, a car, a building), for the details sheet's buttons. */
export function cardTargets(ctx: OfferCtx, cardId: string): [string, string][] {
  return Object.entries(ctx.offer.targets)
    .filter(([k]) => k === `display:${cardId}` || k === `hand:${cardId}` || k.endsWith(`:${cardId}`) && /^(car|building):/.test(k))
    .map(([k, t]) => [k, t.hint]);
}

export function hintTag(ctx: OfferCtx, key: string): Child {
  const t = ctx.offer.targets[key];
  return t ? h('span', { class: 'hint' }, t.hint) : null;
}

const BONUS_SHORT: Record<string, string> = { A: 'any action', L: 'Load', B: 'Build', D: 'Deliver', LD: 'Load or Deliver' };

export function goodChip(cargo: string, extra?: string): VNode {
  const word = CARGO_LABEL[cargo] === 'any good' ? 'any' : CARGO_LABEL[cargo] ?? cargo;
  return h('span', { class: `good good-${cargo === 'all' ? 'any' : cargo}`, title: CARGO_LABEL[cargo] ?? cargo }, goodIcon(cargo), word, extra ?? '');
}

export function paxChip(p: PassengerInfo, attrs: Attrs = {}): VNode {
  return h(
    attrs.onclick ? 'button' : 'span',
    { title: p.label, ...attrs, class: cx('pax', `dest-${p.destination.id}`, attrs.class as string), style: { '--c': p.destination.colourHex } },
    h('span', { class: 'pax-sym', 'aria-hidden': 'true' }, p.destination.symbol),
    h('span', { class: 'pax-letter' }, p.destination.letter),
    h('span', { class: 'sr' }, ` ${p.label}`),
  );
}

/**
 * Words that stand in for the icons when the player turns "Icon words" on (body.icon-words, src/isle/tutorial.ts):
 * read by screen readers always, shown on screen only then; `iw-ic` icons and `iw-no` symbols step aside for them.
 */
const iw = (text: string): VNode => h('span', { class: 'sr iw' }, text);
const iwIcon = (id: string): VNode => icon(id, 'ic iw-ic');

/** A stat with its icon: cost, weight, pull, points. */
function stat(iconId: string, n: number | string, label: string, cls: string): VNode {
  return h('span', { class: `st ${cls}`, title: label }, iwIcon(iconId), iw(`${label} `), String(n));
}

/** What loading into this car gives the loader, as icons and short words. */
function benefitRow(c: CardDef): VNode | null {
  const b = c.benefit;
  if (!b) return null;
  return h('span', { class: 'card-benefit', title: `Loading ${b.on === 'passenger' ? 'a passenger' : b.on} here: ${c.effect.replace(/^[^:]*: /, '')}` },
    h('span', { class: 'sr' }, 'Load benefit: '), goodIcon(b.on), h('span', { class: 'iw-no', 'aria-hidden': 'true' }, '▸'), iw(' load: '),
    b.draw ? [iwIcon('i-draw'), iw('draw '), `${b.draw}`] : null,
    b.discard ? [h('span', { class: 'iw-no', 'aria-hidden': 'true' }, ` −${b.discard}`), iw(` then discard ${b.discard}`)] : null,
    b.vp ? [' ', iwIcon('i-vp'), iw('+'), `${b.vp}`, iw(' VP')] : null,
    b.bonus ? [' ', iwIcon('i-bonus'), iw('bonus '), BONUS_SHORT[b.bonus]] : null);
}

/** The stats row shared by card faces and cars. */
function statsRow(c: CardDef): VNode {
  const parts: Child[] = [stat('i-cost', c.cost, 'cost', 'cost')];
  if (c.category === 'engine') parts.push(stat('i-pull', c.engineCapacity, 'pulls weight', 'pull'));
  else if (c.category !== 'building') parts.push(stat('i-weight', c.weight, 'weight', 'wt'));
  if (c.category === 'caboose' && c.engineCapacity > 0) parts.push(stat('i-pull', `+${c.engineCapacity}`, 'adds pull', 'pull'));
  if (c.category !== 'building') parts.push(stat('i-vp', c.vp, 'points', 'vp'));
  return h('span', { class: 'card-stats' }, parts);
}

function capacityRow(c: CardDef): VNode | null {
  const acc = carAccepts(c);
  if (acc.capacity === 0) return null;
  const kind = acc.goods ?? 'passenger';
  return h('span', { class: 'card-cap', title: `carries ${capacityText(c.id)}` }, Array.from({ length: acc.capacity }, () => goodIcon(kind)), h('span', { class: 'sr' }, `carries ${capacityText(c.id)}`));
}

/**
 * A piece of a part kept as long as its key is on the page and its `sig` is the same (src/render/vdom.ts
 * `Memos.part`): what a card prints never changes, so a card that becomes a target, or stops being one, draws
 * its frame and hint again but not its face.
 */
export type Still = (key: string, sig: string, build: () => VNode) => VNode;

/** A train card, face up (hand, display): category colour, level, art, cost/weight/points, capacity, load benefit. */
export function cardFace(id: string, ctx: OfferCtx, key: string, opts: { small?: boolean; still?: Still } = {}): VNode {
  const c = safeCard(id);
  if (!c) return h('div', { class: 'card unknown' }, id);
  const name = c.level !== null ? c.category[0].toUpperCase() + c.category.slice(1) : c.name;
  const printed = () => group([
    h('span', { class: 'card-top' },
      c.level !== null ? h('span', { class: 'lvl', title: `Level ${c.level}` }, h('span', { class: 'sr' }, 'Level '), String(c.level)) : null,
      h('span', { class: 'card-name' }, name),
      h('span', { class: 'card-sym', title: `As a load: ${CARGO_LABEL[c.symbol]}` }, goodIcon(c.symbol), h('span', { class: 'sr' }, ` loads as ${CARGO_LABEL[c.symbol]}`))),
    h('span', { class: 'card-art' }, cardArt(c.id)),
    statsRow(c),
    capacityRow(c),
    benefitRow(c),
    c.category === 'caboose' || c.category === 'building' ? h('span', { class: 'card-effect' }, c.effect) : null,
  ]);
  // Always a button (it shows the card's details when it offers no move): an element that turned from a div into
  // a button when its move came was made again with everything in it, on every turn.
  return h(
    'button',
    { ...targetAttrs(ctx, key, cx('card', `cat-${c.category}`, { small: opts.small }), c.name, id), type: 'button' },
    opts.still ? opts.still(`face:${key}`, '', printed) : printed(),
    hintTag(ctx, key),
  );
}

function loadChip(l: LoadModel, ctx: OfferCtx, place: string): VNode {
  // Delivery targets go by the item id (a face-down load by its place on the car).
  const key = `item:${l.itemId}`;
  const t = ctx.offer.targets[key];
  const attrs: Attrs = t || ctx.selected === key ? targetAttrs(ctx, key, 'load', l.label) : { class: 'load', title: l.label, 'data-fkey': `${place}:${l.itemId}` };
  if (l.kind === 'passenger' && l.passenger) {
    return paxChip(l.passenger, { ...attrs, class: cx('load', attrs.class as string), type: t ? 'button' : undefined });
  }
  const body = [goodChip(l.cargo ?? 'any'), l.faceDown ? h('span', { class: 'facedown', title: 'loaded face down' }, '▼') : null];
  return t
    ? h('button', { ...attrs, type: 'button' }, body, hintTag(ctx, key))
    : h('span', { ...attrs, class: cx(attrs.class as string, 'load-good') }, body);
}

/**
 * What a car or building being paid for carries: a mark the player sees from the hand (the card they just built
 * and are now paying for), and the words for it.
 */
const PAID_FOR = 'Paying for this';
const paidForTag = (): VNode => h('span', { class: 'paid-for-tag' }, PAID_FOR);

/**
 * A car in a train, with its loads and free spaces. `owner` names whose car it is on every target. `paidFor`:
 * the car was just built and its cost is being paid.
 */
export function carView(c: CarModel, seat: number, owner: string, ctx: OfferCtx, paidFor = false): VNode {
  const key = `car:${seat}:${c.card}`;
  const t = ctx.offer.targets[key];
  const def = safeCard(c.card);
  const slots: Child[] = c.loads.map((l, i) => loadChip(l, ctx, `${key}:load:${i}`));
  for (let i = 0; i < c.free; i++) slots.push(h('span', { class: 'slot', 'aria-hidden': 'true' }));
  const label = `${owner} ${c.name}, carries ${c.capacityText}`;
  const attrs = targetAttrs(ctx, key, cx('car', `cat-${c.category}`, { 'paid-for': paidFor }), paidFor ? `${label} (${PAID_FOR.toLowerCase()})` : label, c.card);
  // A car is a div (its loads may be buttons): keyboard users reach it through tabindex and Enter.
  return h(
    'div',
    {
      ...attrs,
      role: t ? 'button' : undefined,
      tabindex: '0',
      onkeydown: (e: Event, el: HTMLElement) => {
        const k = (e as KeyboardEvent).key;
        if ((k === 'Enter' || k === ' ') && e.target === el) {
          e.preventDefault();
          if (t) ctx.ui.pick(key);
          else ctx.ui.details(c.card, true);
        }
      },
    },
    h('span', { class: 'card-top' },
      c.level !== null ? h('span', { class: 'lvl' }, h('span', { class: 'sr' }, 'Level '), String(c.level)) : null,
      h('span', { class: 'car-name' }, c.level !== null ? c.category[0].toUpperCase() + c.category.slice(1) : c.short)),
    h('span', { class: 'car-art' }, cardArt(c.card)),
    def ? statsRow(def) : null,
    c.capacity > 0 ? h('span', { class: 'slots' }, slots) : null,
    def ? benefitRow(def) : null,
    def?.category === 'caboose' ? h('span', { class: 'card-effect' }, def.effect) : null,
    hintTag(ctx, key),
    paidFor ? paidForTag() : null,
  );
}

/** A building beside the train; `paidFor`: just built, its cost being paid. */
export function buildingView(id: string, points: number, seat: number, ctx: OfferCtx, paidFor = false): VNode {
  const key = `building:${seat}:${id}`;
  const t = ctx.offer.targets[key];
  const label = `${card(id).name}: ${points} points now`;
  return h(
    t ? 'button' : 'div',
    {
      ...targetAttrs(ctx, key, cx('building', { 'paid-for': paidFor }), paidFor ? `${label} (${PAID_FOR.toLowerCase()})` : label, id),
      tabindex: t ? undefined : '0', type: t ? 'button' : undefined,
    },
    h('span', { class: 'card-name' }, cardArt(id, 'art mini'), card(id).name),
    h('span', { class: 'card-stats' }, stat('i-vp', points, 'points now', 'vp'), ' now'),
    hintTag(ctx, key),
    paidFor ? paidForTag() : null,
  );
}
