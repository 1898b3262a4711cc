/**
 * Building intents from clicks: a small state machine over selections. Everything
 * selectable comes from legalActions, so an illegal move is never offered. Pure.
 *
 *   offer(legal, selection, view) -> what may be clicked now (targets and buttons)
 *   pick(offer, key)              -> { selection, send? }  (the next selection and maybe an action)
 */
import { cardClass, CATALOGUE, isCardId, isPassengerId, legalActions, passengerDestination, SCENARIOS, type Action, type Decision, type PlayerView } from '@isle-of-trains/rules';
import { bonusText, cardName, passengerInfo, placeName, shortName } from './cards';
import { describe, itemText, loadReward, needsConfirm } from './describe';

type BuildAction = Extract<Action, { type: 'build' }>;

/** Something on the table a player can click. */
export type Target =
  | { t: 'display'; card: string }
  | { t: 'deck' }
  | { t: 'bag' }
  | { t: 'hand'; card: string }
  | { t: 'supply'; passenger: string }
  | { t: 'car'; seat: number; car: string }
  | { t: 'item'; id: string }
  | { t: 'destination'; at: string }
  | { t: 'building'; seat: number; card: string };

export function targetKey(t: Target): string {
  switch (t.t) {
    case 'display': return `display:${t.card}`;
    case 'deck': return 'deck';
    case 'bag': return 'bag';
    case 'hand': return `hand:${t.card}`;
    case 'supply': return `supply:${t.passenger}`;
    case 'car': return `car:${t.seat}:${t.car}`;
    case 'item': return `item:${t.id}`;
    case 'destination': return `destination:${t.at}`;
    case 'building': return `building:${t.seat}:${t.card}`;
  }
}

export type Selection =
  | { kind: 'none' }
  | { kind: 'card'; card: string }
  | { kind: 'passenger'; passenger: string }
  | { kind: 'scrap'; card: string; upgrade: string | null }
  | { kind: 'item'; id: string }
  | { kind: 'choose'; title: string; options: Choice[] }
  /** A move waiting for Confirm or Cancel: nothing is sent before that. `at` is the target it came from. */
  | { kind: 'confirm'; action: Action; label: string; at: string | null; then?: Action[] };

export const NONE: Selection = { kind: 'none' };

/** `then`: moves to send after `send`, each once the server has applied the one before (see nextQueued). */
export type Effect = { send: Action; then?: Action[] } | { select: Selection };

export interface Choice {
  key: string;
  label: string;
  effect: Effect;
}

export interface TargetOffer {
  /** Short verb for the highlight: "Take", "Load here", "Upgrade", … */
  hint: string;
  effect: Effect;
  /** A different highlight for moves that cost extra (face-down loads). */
  variant?: 'extra';
}

export interface Offer {
  prompt: string;
  targets: Record<string, TargetOffer>;
  buttons: Choice[];
  /** Show a Cancel button that returns to the first step. */
  canCancel: boolean;
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

function carName(view: PlayerView, seat: number, car: string, me: number): string {
  const owner = seat === me ? 'your' : `${view.players[seat]?.name || `Player ${seat + 1}`}'s`;
  return `${owner} ${shortName(car)}`;
}

function loadHint(view: PlayerView, me: number, a: Extract<Action, { type: 'loadCard' | 'loadPassenger' }>, bonus: boolean): string {
  const where = carName(view, a.seat, a.car, me);
  const kind = a.type === 'loadPassenger' ? 'passenger' : 'any';
  const reward = a.type === 'loadCard' ? describe(a, view, me, null).split(': ').pop()! : loadReward(view, me, a.seat, a.car, kind, bonus);
  const shortReward = bonus ? reward : reward.replace(/^no reward.*$/, 'no reward');
  return a.type === 'loadCard' && a.faceDown ? `Face down into ${where} (+1 card): ${shortReward}` : `Into ${where}: ${shortReward}`;
}

function addTarget(targets: Record<string, TargetOffer>, key: string, offer: TargetOffer, title: string): void {
  const existing = targets[key];
  if (!existing) {
    targets[key] = offer;
    return;
  }
  // Two different moves on one thing: clicking it asks which.
  const options: Choice[] = existing.effect && 'select' in existing.effect && existing.effect.select.kind === 'choose' && existing.hint === 'Choose'
    ? [...existing.effect.select.options]
    : [{ key: `${key}#0`, label: existing.hint, effect: existing.effect }];
  options.push({ key: `${key}#${options.length}`, label: offer.hint, effect: offer.effect });
  // The same words twice would be a trap: number them.
  targets[key] = { hint: 'Choose', effect: { select: { kind: 'choose', title, options } } };
}

/** The delivery a destination would open: the view with that delivery at the front of the turn's tasks. */
function deliveryAt(view: PlayerView, at: string): { view: PlayerView; decision: Decision } {
  const progress = { at, steps: 0, primary: false, secondary: false, passengerAsCargoUsed: false, remoteTicketUsed: false, anyPassengerUsed: false };
  const v: PlayerView = { ...view, turn: { ...view.turn, queue: [{ kind: 'delivery', progress }, ...view.turn.queue] } };
  return { view: v, decision: { seat: view.turn.seat, kind: 'delivery', progress } };
}

export interface QuickDelivery {
  /** The delivery step (a ticket, a contract): never a special delivery, which is possible anywhere. */
  step: Action;
  /** In words, with what it earns. */
  label: string;
  /** What it is and earns, for the destination's tile: "Ticket: 5 cards", "Primary: 3 points + island card". */
  short: string;
}

function shortDelivery(a: Action, label: string): string {
  const earns = label.slice(label.lastIndexOf(': ') + 2);
  switch (a.type) {
    case 'deliverTicket': return `Ticket${a.to ? ` at ${placeName(a.to)}` : ''} (${passengerInfo(a.passenger).destination.letter}): ${earns}`;
    case 'deliverAnyPassenger': return `Ticket, any colour (${passengerInfo(a.passenger).destination.letter}): ${earns}`;
    case 'deliverPrimary': return `Primary: ${/→ (.*?) \(using/.exec(label)?.[1] ?? earns}`;
    case 'deliverSecondary': return `Secondary ${a.contract + 1}: ${/→ (.*?) \(using/.exec(label)?.[1] ?? earns}`;
    default: return label;
  }
}

/** What a delivery at this destination could do now, besides special deliveries, as the rules list it. */
export function quickDeliveries(view: PlayerView, me: number, at: string): QuickDelivery[] {
  const d = deliveryAt(view, at);
  return legalActions(d.view, me)
    .filter((a) => a.type !== 'deliverSpecial' && a.type !== 'endDelivery' && a.type !== 'returnCard' && a.type.startsWith('deliver'))
    .map((a) => {
      const label = describe(a, d.view, me, d.decision);
      return { step: a, label, short: shortDelivery(a, label) };
    });
}

/**
 * The next queued move to send now that the server has applied the one before, and what stays queued. The
 * end of a delivery goes only when nothing but special deliveries is left; a move no longer legal stays
 * queued (the new state may not have arrived yet) and the caller drops the queue when the state has.
 */
export function nextQueued(queue: readonly Action[], legal: readonly Action[]): { send: Action | null; rest: Action[] } {
  if (queue.length === 0) return { send: null, rest: [] };
  const [head, ...rest] = queue;
  if (head.type === 'endDelivery' && legal.some((a) => a.type.startsWith('deliver') && a.type !== 'deliverSpecial')) return { send: null, rest: [] };
  const key = JSON.stringify(head);
  return legal.some((a) => JSON.stringify(a) === key) ? { send: head, rest } : { send: null, rest: [...queue] };
}

function mainOffer(legal: Action[], sel: Selection, view: PlayerView, me: number, d: Decision): Offer {
  const targets: Record<string, TargetOffer> = {};
  const buttons: Choice[] = [];
  const bonus = d.kind === 'bonus';
  if (sel.kind === 'none') {
    for (const a of legal) {
      if (a.type === 'take') {
        if (a.from === 'display') addTarget(targets, targetKey({ t: 'display', card: a.card }), { hint: 'Take', effect: { send: a } }, '');
        else if (a.from === 'deck') addTarget(targets, 'deck', { hint: 'Draw', effect: { send: a } }, '');
        else addTarget(targets, 'bag', { hint: view.bagCount > 0 ? 'Draw a passenger' : 'Take 1 VP (bag empty)', effect: { send: a } }, '');
      } else if (a.type === 'build' || a.type === 'loadCard') {
        targets[targetKey({ t: 'hand', card: a.card })] = { hint: 'Select', effect: { select: { kind: 'card', card: a.card } } };
      } else if (a.type === 'loadPassenger') {
        targets[targetKey({ t: 'supply', passenger: a.passenger })] = { hint: 'Select', effect: { select: { kind: 'passenger', passenger: a.passenger } } };
      } else if (a.type === 'deliver') {
        const quick = quickDeliveries(view, me, a.at);
        const special = quick.length === 0;
        addTarget(targets, targetKey({ t: 'destination', at: a.at }), {
          hint: special ? `Special only: draw ${CATALOGUE.specialDeliveryCards}` : 'Deliver here, step by step',
          effect: { send: a }, variant: special ? 'extra' : undefined,
        }, '');
        // The common deliveries in one choice: this delivery, then the step, then the end of the delivery
        // (only when nothing but special deliveries would be left), behind one confirm.
        quick.forEach((q, i) => {
          targets[`quick:${a.at}:${i}`] = {
            hint: q.short,
            effect: { select: { kind: 'confirm', action: a, then: [q.step, { type: 'endDelivery' }], label: q.label, at: `quick:${a.at}:${i}` } },
          };
        });
      }
    }
    const prompt = bonus && d.kind === 'bonus'
      ? `Bonus: ${bonusText(d.bonus)} (from ${cardName(d.source) || d.source}). Pick a highlighted card, passenger or destination, or skip it.`
      : 'Take a card or a passenger; or pick a hand card (build or load), a waiting passenger (load) or a destination (deliver).';
    return { prompt, targets, buttons, canCancel: false };
  }

  if (sel.kind === 'card') {
    const c = moveCopy(legal, sel.card, cardFace, (a) => (a.type === 'build' || a.type === 'loadCard' ? a.card : undefined));
    // Builds, grouped by (upgrade, replace): a group with only scrap variants needs a scrap choice first.
    const groups = new Map<string, BuildAction[]>();
    for (const a of legal) {
      if (a.type === 'build' && a.card === c) {
        const k = `${a.upgrade ?? ''}|${a.replace ?? ''}`;
        groups.set(k, [...(groups.get(k) ?? []), a]);
      }
    }
    for (const acts of groups.values()) {
      const plain = acts.find((a) => !a.scrap);
      const first = acts[0];
      const effect: Effect = plain
        ? { send: plain }
        : { select: { kind: 'scrap', card: c, upgrade: first.upgrade ?? null } };
      const label = plain ? describe(plain, view, me, d) : `${describe({ ...first, scrap: undefined }, view, me, d).split(':')[0]} (choose a car to scrap first)`;
      buttons.push({ key: `build:${first.upgrade ?? ''}:${first.replace ?? ''}`, label, effect });
      if (first.upgrade) {
        addTarget(targets, targetKey({ t: 'car', seat: me, car: first.upgrade }), { hint: `Upgrade to ${shortName(c)}`, effect }, `What should ${cardName(c)} do?`);
      }
      if (first.replace) {
        addTarget(targets, targetKey({ t: 'building', seat: me, card: first.replace }), { hint: 'Replace', effect }, '');
      }
    }
    for (const a of legal) {
      if (a.type === 'loadCard' && a.card === c) {
        addTarget(
          targets, targetKey({ t: 'car', seat: a.seat, car: a.car }),
          { hint: loadHint(view, me, a, bonus), effect: { send: a }, variant: a.faceDown ? 'extra' : undefined },
          `What should ${cardName(c)} do?`,
        );
      }
    }
    const loads = legal.some((a) => a.type === 'loadCard' && a.card === c);
    const parts = [] as string[];
    if (groups.size > 0) parts.push('build it (buttons below)');
    if (loads) parts.push('load it onto a highlighted car');
    return { prompt: `${cardName(c)}: ${parts.join(', or ') || 'no move possible'}.`, targets, buttons, canCancel: true };
  }

  if (sel.kind === 'passenger') {
    const pax = moveCopy(legal, sel.passenger, passengerFace, (a) => (a.type === 'loadPassenger' ? a.passenger : undefined));
    for (const a of legal) {
      if (a.type === 'loadPassenger' && a.passenger === pax) {
        addTarget(targets, targetKey({ t: 'car', seat: a.seat, car: a.car }), { hint: loadHint(view, me, a, bonus), effect: { send: a } }, '');
      }
    }
    return { prompt: `Load the ${passengerInfo(sel.passenger).label} into a highlighted car.`, targets, buttons, canCancel: true };
  }

  if (sel.kind === 'scrap') {
    for (const a of legal) {
      if (a.type === 'build' && a.card === sel.card && (a.upgrade ?? null) === sel.upgrade && a.scrap && !a.replace) {
        addTarget(targets, targetKey({ t: 'car', seat: me, car: a.scrap }), { hint: 'Scrap', effect: { send: a } }, '');
        buttons.push({ key: `scrap:${a.scrap}`, label: describe(a, view, me, d), effect: { send: a } });
      }
    }
    return {
      prompt: `${cardName(sel.card)} is too heavy for your engine: choose a car to scrap to make room.`,
      targets, buttons, canCancel: true,
    };
  }

  return chooseOffer(sel);
}

function chooseOffer(sel: Selection): Offer {
  if (sel.kind !== 'choose') return { prompt: '', targets: {}, buttons: [], canCancel: true };
  return { prompt: sel.title || 'Choose:', targets: {}, buttons: sel.options, canCancel: true };
}

function deliveryOffer(legal: Action[], sel: Selection, view: PlayerView, me: number, dd: Decision): Offer {
  const at = dd.kind === 'delivery' ? dd.progress.at : '';
  const targets: Record<string, TargetOffer> = {};
  const buttons: Choice[] = [];
  if (sel.kind === 'choose') return chooseOffer(sel);
  const itemActions = new Map<string, (Choice & { long: string })[]>();
  const addItem = (id: string, label: string, long: string, a: Action) => {
    const list = itemActions.get(id) ?? [];
    list.push({ key: `item:${id}#${list.length}`, label, long, effect: { send: a } });
    itemActions.set(id, list);
  };
  for (const a of legal) {
    switch (a.type) {
      case 'deliverPrimary':
        buttons.push({ key: `primary:${a.items.join(',')}`, label: describe(a, view, me, dd), effect: { send: a } });
        break;
      case 'deliverSecondary':
        buttons.push({ key: `secondary:${a.contract}:${a.items.join(',')}`, label: describe(a, view, me, dd), effect: { send: a } });
        break;
      case 'deliverTicket':
        addItem(a.passenger, a.to ? `Ticket at ${placeName(a.to)} (Caboose 9)` : `Ticket at ${placeName(at)}`, describe(a, view, me, dd), a);
        break;
      case 'deliverAnyPassenger':
        addItem(a.passenger, 'Ticket reward here, any colour (Caboose 10)', describe(a, view, me, dd), a);
        break;
      case 'deliverSpecial':
        addItem(a.item, 'Special delivery', describe(a, view, me, dd), a);
        break;
      default:
        break;
    }
  }
  if (sel.kind === 'item') {
    const list = (itemActions.get(sel.id) ?? []).map(({ long: _long, ...c }) => c);
    return { prompt: `Deliver ${itemText(view, me, sel.id)}:`, targets, buttons: list, canCancel: true };
  }
  for (const [id, list] of itemActions) {
    const effect: Effect = list.length === 1 ? list[0].effect : { select: { kind: 'item', id } };
    targets[targetKey({ t: 'item', id })] = { hint: list.length === 1 && /^Ticket/.test(list[0].label) ? 'Ticket' : 'Deliver', effect };
    // The same moves as buttons, in words, so nothing is hidden behind a short label.
    for (const c of list) buttons.push({ key: c.key, label: c.long, effect: c.effect });
  }
  for (const a of legal) if (a.type === 'endDelivery') buttons.push({ key: 'endDelivery', label: 'End delivery', effect: { send: a } });
  return {
    prompt: `Delivering at ${placeName(at)}: complete a contract, or pick a passenger or good on your train.`,
    targets, buttons, canCancel: false,
  };
}

/** What the local player may click now. `legal` is legalActions(view, me). */
export function offer(legal: Action[], sel: Selection, view: PlayerView | null, me: number | null, d: Decision | null): Offer {
  const empty: Offer = { prompt: '', targets: {}, buttons: [], canCancel: false };
  if (!view || me === null || !d || d.seat !== me || legal.length === 0) return empty;
  if (sel.kind === 'confirm') {
    return {
      prompt: `${sel.label}?`,
      targets: {},
      buttons: [{ key: 'confirm', label: 'Confirm', effect: { send: sel.action, then: sel.then } }],
      canCancel: true,
    };
  }
  let out: Offer;
  switch (d.kind) {
    case 'action':
    case 'bonus':
      out = mainOffer(legal, sel, view, me, d);
      break;
    case 'pay':
    case 'discard':
    case 'handLimit': {
      const targets: Record<string, TargetOffer> = {};
      for (const a of legal) {
        if (a.type === 'discard') targets[targetKey({ t: 'hand', card: a.card })] = { hint: d.kind === 'pay' ? 'Pay with this' : 'Discard', effect: { send: a } };
      }
      const prompt = d.kind === 'pay'
        ? `Pay for ${d.label}: pick ${plural(d.count, 'more card')} from your hand.`
        : d.kind === 'discard'
          ? `Discard ${plural(d.count, 'card')} from your hand.`
          : `Too many cards: discard ${d.count} to keep 5.`;
      out = { prompt, targets, buttons: [], canCancel: false };
      break;
    }
    case 'delivery':
      out = deliveryOffer(legal, sel, view, me, d);
      break;
  }
  // Moves available at any step.
  if (sel.kind === 'none') {
    for (const a of legal) {
      if (a.type === 'skip') out.buttons.push({ key: 'skip', label: describe(a, view, me, d), effect: { send: a } });
      if (a.type === 'returnCard') {
        const cost = SCENARIOS.find((x) => x.chapter === view?.options.scenario && view.options.mode === 'scenario')?.rules.returnCost ?? CATALOGUE.solo.returnCost;
        out.buttons.push({ key: 'returnCard', label: `Put the discard top back on the deck (${cost} VP)`, effect: { send: a } });
      }
    }
  }
  return guard(offerCopies(out, view, me), view, me, d);
}

/** A copy's target: a move sent as the first copy's; a selection made of the copy clicked (it is the one that lights up). */
function selectingThis(t: TargetOffer, id: string): TargetOffer {
  const e = t.effect;
  if ('select' in e && e.select.kind === 'card') return { ...t, effect: { select: { kind: 'card', card: id } } };
  if ('select' in e && e.select.kind === 'passenger') return { ...t, effect: { select: { kind: 'passenger', passenger: id } } };
  return t;
}

/**
 * The copy the rules' moves name for a selected card or passenger: itself when a move names it, else the
 * first copy with the same face (a player may have selected another copy of it).
 */
function moveCopy(legal: Action[], id: string, face: (x: string) => string, named: (a: Action) => string | undefined): string {
  if (legal.some((a) => named(a) === id)) return id;
  const f = face(id);
  for (const a of legal) {
    const x = named(a);
    if (x !== undefined && face(x) === f) return x;
  }
  return id;
}

/** Two cards are the same choice when the rules put them in one class (identical faces); an unknown id matches only itself. */
function cardFace(id: string): string {
  return isCardId(id) ? cardClass(id) : `unknown:${id}`;
}

/** Passengers bound for one destination are the same choice (an id no passenger has matches only itself). */
function passengerFace(id: string): string {
  return isPassengerId(id) ? passengerDestination(id) : `unknown:${id}`;
}

/**
 * Every copy of an offered card or passenger answers a click. The rules list one move per real choice, so of
 * identical cards in a hand or the display (or passengers in a supply bound for one destination) only the
 * first copy carries a move; a player sees them all, and a click on the third Boxcar must not do nothing. A
 * copy gets the first copy's target as it is (the same move: the two cannot be told apart by anyone). Not
 * `legalActions(…, { everyCopy: true })`: that is the rules' reference list (every candidate run through the
 * validator), too slow for every render on a phone, and it would repeat a delivery's steps once per copy.
 */
function offerCopies(o: Offer, view: PlayerView, me: number): Offer {
  const targets = { ...o.targets };
  const copy = (ids: readonly string[], key: (id: string) => string, face: (id: string) => string): void => {
    const first = new Map<string, TargetOffer>();
    for (const id of ids) {
      const t = targets[key(id)];
      if (t && !first.has(face(id))) first.set(face(id), t);
    }
    if (first.size === 0) return;
    for (const id of ids) {
      const t = first.get(face(id));
      if (t && !targets[key(id)]) targets[key(id)] = selectingThis(t, id);
    }
  };
  const p = view.players[me];
  copy(p.hand ?? [], (id) => targetKey({ t: 'hand', card: id }), cardFace);
  copy(view.display, (id) => targetKey({ t: 'display', card: id }), cardFace);
  copy(p.supply, (id) => targetKey({ t: 'supply', passenger: id }), passengerFace);
  return { ...o, targets };
}

/** Every move that changes the table for good goes through a confirm step; its words name owner and reward. */
function guard(o: Offer, view: PlayerView, me: number, d: Decision): Offer {
  const wrap = (e: Effect, at: string | null): Effect => {
    if ('send' in e) {
      return needsConfirm(e.send) ? { select: { kind: 'confirm', action: e.send, label: describe(e.send, view, me, d), at } } : e;
    }
    if (e.select.kind === 'choose') {
      const options = e.select.options.map((c) => ({ ...c, label: 'send' in c.effect ? describe(c.effect.send, view, me, d) : c.label, effect: wrap(c.effect, at) }));
      return { select: { ...e.select, options } };
    }
    return e;
  };
  const targets: Record<string, TargetOffer> = {};
  for (const [k, t] of Object.entries(o.targets)) targets[k] = { ...t, effect: wrap(t.effect, k) };
  const seen = new Map<string, number>();
  const buttons = o.buttons.map((b) => {
    const n = (seen.get(b.label) ?? 0) + 1;
    seen.set(b.label, n);
    return { ...b, label: n > 1 ? `${b.label} (option ${n})` : b.label, effect: wrap(b.effect, null) };
  });
  return { ...o, targets, buttons };
}

export interface PickResult {
  selection: Selection;
  send: Action | null;
  /** Moves to send after `send`, one at a time (nextQueued). */
  then: Action[];
}

/** Click a target key, or a button key. Unknown keys change nothing. */
export function pick(o: Offer, key: string, current: Selection): PickResult {
  if (key === 'cancel') return { selection: NONE, send: null, then: [] };
  const t = o.targets[key];
  const b = o.buttons.find((x) => x.key === key);
  const effect = t?.effect ?? b?.effect;
  if (!effect) {
    // Clicking the selected hand card again deselects it.
    if (current.kind === 'card' && key === targetKey({ t: 'hand', card: current.card })) return { selection: NONE, send: null, then: [] };
    if (current.kind === 'passenger' && key === targetKey({ t: 'supply', passenger: current.passenger })) return { selection: NONE, send: null, then: [] };
    return { selection: current, send: null, then: [] };
  }
  if ('send' in effect) return { selection: NONE, send: effect.send, then: effect.then ?? [] };
  return { selection: effect.select, send: null, then: [] };
}

/** After new state arrives: keep a selection only if it still offers something. */
export function normalise(legal: Action[], sel: Selection, view: PlayerView | null, me: number | null, d: Decision | null): Selection {
  if (sel.kind === 'none') return sel;
  if (sel.kind === 'confirm') {
    const ok = legal.some((a) => JSON.stringify(a) === JSON.stringify(sel.action));
    return ok && d !== null && d.seat === me ? sel : NONE;
  }
  if (sel.kind === 'choose') {
    const ok = new Set(legal.map((a) => JSON.stringify(a)));
    const sent = (e: Effect): Action | null => ('send' in e ? e.send : e.select.kind === 'confirm' ? e.select.action : null);
    const still = sel.options.every((c) => { const a = sent(c.effect); return a === null || ok.has(JSON.stringify(a)); });
    return still && d !== null && d.seat === me ? sel : NONE;
  }
  const o = offer(legal, sel, view, me, d);
  return Object.keys(o.targets).length > 0 || o.buttons.length > 0 ? sel : NONE;
}

/** The key of the currently selected thing, for highlighting it. */
export function selectedKey(sel: Selection): string | null {
  if (sel.kind === 'card') return targetKey({ t: 'hand', card: sel.card });
  if (sel.kind === 'passenger') return targetKey({ t: 'supply', passenger: sel.passenger });
  if (sel.kind === 'item') return targetKey({ t: 'item', id: sel.id });
  if (sel.kind === 'confirm') return sel.at;
  return null;
}
