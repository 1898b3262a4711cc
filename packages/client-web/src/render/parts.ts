/** Small pieces shared by the screens: cards, cars, goods and passenger chips, offer targets. */
import { card } from '@isle-of-trains/rules';
import { CARGO_GLYPH, CARGO_LABEL, cardTooltip, capacityText, safeCard, shortName, type PassengerInfo } from '../cards';
import type { Offer } from '../intents';
import type { CarModel, LoadModel } from '../view-model';
import { cx, h, type Attrs, type Child } from './dom';

export interface Ui {
  /** A click on a target key or a button key (see intents.ts). */
  pick(key: string): void;
  /** Show a card in the details panel; `pinned` (an explicit tap or Enter) also opens it over the page on phones. */
  details(cardId: string | null, pinned?: boolean): void;
}

export interface OfferCtx {
  offer: Offer;
  selected: string | null;
  ui: Ui;
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
      if (cardId) ctx.ui.details(cardId);
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

export function hintTag(ctx: OfferCtx, key: string): Child {
  const t = ctx.offer.targets[key];
  return t ? h('span', { class: 'hint' }, t.hint) : null;
}

export function goodChip(cargo: string, extra?: string): HTMLElement {
  return h('span', { class: `good good-${cargo}`, title: CARGO_LABEL[cargo] ?? cargo }, h('span', { 'aria-hidden': 'true' }, CARGO_GLYPH[cargo] ?? '?'), ' ', CARGO_LABEL[cargo] === 'any good' ? 'any' : CARGO_LABEL[cargo] ?? cargo, extra ?? '');
}

export function paxChip(p: PassengerInfo, attrs: Attrs = {}): HTMLElement {
  return h(
    attrs.onclick ? 'button' : 'span',
    { title: p.label, ...attrs, class: cx('pax', `dest-${p.destination.id}`, attrs.class as string), style: { '--c': p.destination.colourHex } },
    h('span', { class: 'pax-sym', 'aria-hidden': 'true' }, p.destination.symbol),
    h('span', { class: 'pax-letter' }, p.destination.letter),
    h('span', { class: 'sr' }, ` ${p.label}`),
  );
}

/** A train card, face up (hand, display, discard). */
export function cardFace(id: string, ctx: OfferCtx, key: string, opts: { small?: boolean } = {}): HTMLElement {
  const c = safeCard(id);
  if (!c) return h('div', { class: 'card unknown' }, id);
  const stats: string[] = [`cost ${c.cost}`];
  if (c.category === 'engine') stats.push(`pulls ${c.engineCapacity}`);
  else if (c.category !== 'building') stats.push(`weight ${c.weight}`);
  if (c.category !== 'building') stats.push(`${c.vp} pts`);
  const cap = c.category === 'building' ? '' : capacityText(id);
  const t = ctx.offer.targets[key];
  return h(
    t || ctx.selected === key ? 'button' : 'div',
    { ...targetAttrs(ctx, key, cx('card', `cat-${c.category}`, { small: opts.small }), c.name, id), tabindex: t || ctx.selected === key ? undefined : '0', type: t ? 'button' : undefined },
    h('span', { class: 'card-name' }, shortName(id)),
    h('span', { class: 'card-stats' }, stats.join(' · ')),
    cap && cap !== 'no loads' ? h('span', { class: 'card-cap' }, cap) : null,
    c.category === 'caboose' || c.category === 'building' ? h('span', { class: 'card-effect' }, c.effect) : null,
    h('span', { class: 'card-as' }, 'load as ', goodChip(c.symbol)),
    hintTag(ctx, key),
  );
}

function loadChip(l: LoadModel, ctx: OfferCtx): HTMLElement {
  const key = l.id ? `item:${l.id}` : '';
  const t = key ? ctx.offer.targets[key] : undefined;
  const attrs: Attrs = key ? targetAttrs(ctx, key, 'load', l.label) : { class: 'load', title: l.label };
  if (l.kind === 'passenger' && l.passenger) {
    return paxChip(l.passenger, { ...attrs, class: cx('load', attrs.class as string), type: t ? 'button' : undefined });
  }
  const body = [goodChip(l.cargo ?? 'any'), l.faceDown ? h('span', { class: 'facedown', title: 'loaded face down' }, '▼') : null];
  return t
    ? h('button', { ...attrs, type: 'button' }, body, hintTag(ctx, key))
    : h('span', { ...attrs, class: cx(attrs.class as string, 'load-good') }, body);
}

/** A car in a train, with its loads and free spaces. */
export function carView(c: CarModel, seat: number, ctx: OfferCtx): HTMLElement {
  const key = `car:${seat}:${c.card}`;
  const t = ctx.offer.targets[key];
  const def = safeCard(c.card);
  const slots: Child[] = c.loads.map((l) => loadChip(l, ctx));
  for (let i = 0; i < c.free; i++) slots.push(h('span', { class: 'slot', 'aria-hidden': 'true' }));
  const info = def ? (def.category === 'engine' ? `pulls ${def.engineCapacity}` : `weight ${def.weight}${def.engineCapacity ? `, +${def.engineCapacity} pull` : ''}`) : '';
  const attrs = targetAttrs(ctx, key, cx('car', `cat-${c.category}`), `${c.name}, carries ${c.capacityText}`, c.card);
  // A car is a div (its loads may be buttons): keyboard users reach it through tabindex and Enter.
  return h(
    'div',
    {
      ...attrs,
      role: t ? 'button' : undefined,
      tabindex: '0',
      onkeydown: (e: KeyboardEvent) => {
        if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
          e.preventDefault();
          if (t) ctx.ui.pick(key);
          else ctx.ui.details(c.card, true);
        }
      },
    },
    h('span', { class: 'car-name' }, c.short),
    h('span', { class: 'car-info' }, info, def && def.category !== 'engine' ? ` · ${def.vp} pts` : ''),
    h('span', { class: 'car-cap' }, c.capacityText),
    c.capacity > 0 ? h('span', { class: 'slots' }, slots) : null,
    def?.category === 'caboose' ? h('span', { class: 'card-effect' }, def.effect) : null,
    hintTag(ctx, key),
  );
}

export function buildingView(id: string, points: number, seat: number, ctx: OfferCtx): HTMLElement {
  const key = `building:${seat}:${id}`;
  const t = ctx.offer.targets[key];
  return h(
    t ? 'button' : 'div',
    { ...targetAttrs(ctx, key, 'building', `${card(id).name}: ${points} points now`, id), tabindex: t ? undefined : '0', type: t ? 'button' : undefined },
    h('span', { class: 'card-name' }, card(id).name),
    h('span', { class: 'card-stats' }, `${points} pts now`),
    hintTag(ctx, key),
  );
}
