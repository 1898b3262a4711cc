/** The table screen: map, supply, every player's train, the local hand and the move dock. */
import { CATALOGUE, ISLANDS } from '@isle-of-trains/rules';
import { cardDetails, safeCard, scenarioObjective } from '../cards';
import { goodIcon, icon } from './icons';
import { iconWordsOn, startTour, toggleIconWords } from '../isle/tutorial';
import type { DestinationModel, IslandModel, PlayerModel, TableModel } from '../view-model';
import { cx, foreign, group, h, Memos, type Child, type ForeignSource, type VNode } from './vdom';
import { buildingView, cardTargets, carView, cardFace, hintTag, paxChip, targetAttrs, type OfferCtx, type Still } from './parts';

export interface TableExtras {
  statusText: string;
  statusKind: string;
  refusal: string | null;
  detailsCard: string | null;
  detailsPinned: boolean;
  turnTimeLimit: number;
  deadline: number | null;
  chapter: number;
  onDismissRefusal(): void;
  onLeave(): void;
  endPanel: VNode | null;
  /** Phone layout: which panel shows (the desktop shows them all). */
  tab?: PhoneTab;
  onTab?(t: PhoneTab): void;
  /** Sound and notification switches (absent in the replay viewer). */
  cues?: { sound: boolean; notify: boolean; onSound(): void; onNotify(): void };
  /** The seat to move may take steps back: how many, and the action (absent otherwise). */
  undo?: { count: number; onUndo(): void } | null;
  /** Who is watching (names). */
  spectators?: readonly string[];
  /** Replaces the dock (the replay viewer's controls). */
  bottom?: HTMLElement | null;
  leaveLabel?: string;
  /** A seated player's rating, when they have one for this table's group. */
  rating?(seat: number): string | null;
  /** More for the side column, under the log (the table chat): an element, or one read only when its key changed. */
  side?: ForeignSource | null;
  /** The game counts for ratings (a badge in the top bar). */
  rated?: boolean;
  /** The log's older lines: being fetched, or still on the server, and how to ask (absent in the replay viewer, which has every line). */
  log?: { loading: boolean; more: boolean; onOlder(): void };
  /** A line above the log (the replay viewer: its log shows the moves only). */
  logNote?: string;
}

export type PhoneTab = 'table' | 'map' | 'log';

function goodsIcons(goods: readonly string[]): Child {
  return h('span', { class: 'goods' }, goods.map((g) => goodIcon(g)), h('span', { class: 'sr' }, goods.join(' + ')));
}

function contractRow(label: string, c: { goods: readonly string[]; vp: number }, done: boolean): VNode {
  // A short label where the island's six tiles share one row (styles.css); the full one for screen readers.
  const short = label.replace('Secondary', 'Sec.');
  return h('div', { class: cx('contract', { done }) },
    h('span', { class: 'c-label', title: label }, h('span', { class: 'c-long' }, label), h('span', { class: 'c-short', 'aria-hidden': 'true' }, short)), goodsIcons(c.goods),
    h('span', { class: 'c-arrow', 'aria-hidden': 'true' }, '→'), h('span', { class: 'c-vp' }, icon('i-vp'), `${c.vp}`, h('span', { class: 'sr' }, ' points')),
    done ? h('span', { class: 'c-done' }, 'done') : null);
}

/**
 * The quick deliveries offered, by island (`quick:<island>:…` targets), read from the offer once per render and
 * outside every part: a part that listed the offer's keys itself would depend on the whole offer and be drawn
 * again whenever any move anywhere changed. Each tile looks up only its own keys.
 */
export function quickKeysByIsland(targets: Record<string, unknown>): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const k of Object.keys(targets)) {
    if (!k.startsWith('quick:')) continue;
    const at = k.slice(6, k.indexOf(':', 6));
    const list = by.get(at);
    if (list) list.push(k);
    else by.set(at, [k]);
  }
  return by;
}

/** What a delivery here could do now (a ticket, a contract) and what it earns: each one choice, then Confirm. */
function quickList(at: string, name: string, keys: readonly string[], ctx: OfferCtx): VNode | null {
  const quick = keys.flatMap((k) => {
    const t = ctx.offer.targets[k];
    return t ? [[k, t] as const] : [];
  });
  if (quick.length === 0) return null;
  return h('div', { class: 'quick', 'data-fkey': `quick-${at}` },
    quick.map(([k, t]) => h('button', { ...targetAttrs(ctx, k, 'quick-btn', name), type: 'button' }, t.hint)));
}

function islandTile(i: IslandModel, d: DestinationModel | null, quick: readonly string[], ctx: OfferCtx, still: Still): VNode {
  const key = `destination:${i.id}`;
  const t = ctx.offer.targets[key];
  const colour = d?.colourHex ?? '#9aa5b1';
  const def = ISLANDS.find((x) => x.id === i.id)!;
  const held = i.heldBy
    ? h('div', { class: 'held' }, `Island card held by ${i.heldBy.name}${i.heldBy.secondary === null ? ' (secondary open)' : ` (secondary ${i.heldBy.secondary + 1} done)`}`)
    : null;
  // The ticket tile changes only when a passenger is delivered to it: an offer at this destination keeps it.
  const tk = d?.ticket ?? null;
  const ticket = tk
    ? still(`ticket:${i.id}`, JSON.stringify(tk), () => h('div', { class: 'ticket' },
      h('span', { class: 'ticket-name' }, tk.tileName),
      h('span', { class: 'ticket-spaces' },
        tk.rewards.map((r, idx) => {
          const p = tk.filled[idx];
          return h('span', { class: cx('tspace', { next: r.next, taken: r.taken }), title: p ? `${p.label}: ${r.text}` : `${r.next ? 'Next reward' : 'Reward'}: ${r.text}` },
            p ? paxChip(p) : h('span', { class: 'tspace-reward' }, r.text));
        }))))
    : null;
  return h('section', { class: cx('dest', `spot-${i.id}`, { taken: !i.onMap }), style: { '--c': colour }, 'aria-label': i.name, 'data-fkey': `dest-${i.id}` },
    h(t ? 'button' : 'div', { ...targetAttrs(ctx, key, 'dest-head', i.name), type: t ? 'button' : undefined },
      d ? h('span', { class: 'dsym', 'aria-hidden': 'true' }, `${d.symbol} ${d.letter}`) : h('span', { class: 'dsym', 'aria-hidden': 'true' }, '⚗ R'),
      h('span', { class: 'dname' }, i.name, d ? h('span', { class: 'dcolour' }, ` (${d.colour})`) : null),
      hintTag(ctx, key)),
    quickList(i.id, i.name, quick, ctx),
    // The island's contracts change only when one is taken: an offer at this destination keeps them.
    still(`contracts:${i.id}`, JSON.stringify([i.onMap, i.heldBy?.secondary ?? null]), () => h('div', { class: 'island-card' },
      contractRow('Primary', def.primary, !i.onMap),
      def.secondary.map((c, n) => contractRow(`Secondary ${n + 1}`, c, i.heldBy?.secondary === n)))),
    held,
    ticket,
  );
}

function progressTrack(m: TableModel): VNode | null {
  const thr = m.progress.threshold;
  if (thr === null) return null;
  return h('div', { class: 'progress-track', title: 'Contracts taken and ticket tiles filled move the progress train; the game ends at the last space.' },
    h('span', { class: 'pt-label' }, `Progress ${m.progress.value}/${thr}`),
    h('span', { class: 'pips', role: 'img', 'aria-label': `progress ${m.progress.value} of ${thr}` },
      Array.from({ length: thr }, (_, i) => h('span', { class: cx('pip', { on: i < m.progress.value, last: i === thr - 1 }) }))),
    m.progress.holder ? h('span', { class: 'pt-holder' }, `Train of Progress: ${m.progress.holder}`) : null);
}

/**
 * The island: an outline drawn by the project, the destinations around it, the progress track. Each tile is a
 * part of its own: a move that changes one destination's offers or ticket draws only that tile again.
 */
function islandMap(m: TableModel, ctx: OfferCtx, quick: Map<string, string[]>, keep: Keep, still: Still): VNode {
  const destById = new Map(m.destinations.map((d) => [d.id, d]));
  const tiles = m.islands.map((i) => {
    const d = i.destination ? destById.get(i.destination.id) ?? null : null;
    const q = quick.get(i.id) ?? [];
    return keep(ctx, `tile:${i.id}`, JSON.stringify([i, d, q]), (c) => islandTile(i, d, q, c, still));
  });
  return h('section', { class: 'map', 'aria-label': 'The island: destinations, contracts and tickets', 'data-fkey': 'map' },
    h('div', { class: 'map-head' }, h('h2', null, 'The island'), progressTrack(m)),
    h('div', { class: 'dests', style: { '--n': String(tiles.length) } }, tiles));
}

/** A piece of a part kept on its own (a card, a car): drawn again only when its `sig` or the targets it shows changed. */
type Keep = (ctx: OfferCtx, key: string, sig: string, build: (ctx: OfferCtx) => VNode) => VNode;

/**
 * The car or building whose cost the local player is paying now: the one just built, found by the name the
 * payment names (the last of that name: a new car joins the train's end, an upgrade takes its car's place).
 */
export function paidForCard(m: TableModel): string | null {
  const d = m.header.decision;
  if (!d || d.kind !== 'pay' || d.reason !== 'build' || d.seat !== m.mySeat) return null;
  const me = m.players.find((p) => p.isMe);
  if (!me) return null;
  const ids = [...me.train.map((c) => c.card), ...me.buildings.map((b) => b.card)];
  return ids.reverse().find((id) => safeCard(id)?.name === d.label) ?? null;
}

/** A choice of cards to give up from the hand (a payment, a discard): the phone's dock keeps to a few short rows. */
function choosingCards(m: TableModel): boolean {
  const d = m.header.decision;
  return !!d && d.seat === m.mySeat && (d.kind === 'pay' || d.kind === 'discard' || d.kind === 'handLimit');
}

/**
 * A player's area. Its header and the row under the train are parts of their own: a move offered on one of the
 * player's cars (a load, a delivery) draws the panel again, and without them that drew the name, badges,
 * figures, waiting passengers and buildings again too, about a hundred virtual nodes for preact to compare on
 * each of the player's own decisions; now only the panel's frame and the cars whose targets changed.
 */
function playerPanel(p: PlayerModel, ctx: OfferCtx, rating: string | null, keep: Keep, still: Still, paidFor: string | null): VNode {
  const owner = p.isMe ? 'your' : `${p.name}'s`;
  const head = still(`phead:${p.seat}`, JSON.stringify([p.name, p.isMe, rating, p.isTurn, p.kind, p.botPlaying, p.connected, p.holdsProgressTrain, p.handCount, p.vp, p.score, p.weight, p.capacity]), () => {
    const badges: Child[] = [];
    if (rating) badges.push(h('span', { class: 'badge rating', 'data-rating': rating, title: 'rating' }, `rating ${rating}`));
    if (p.isTurn) badges.push(h('span', { class: 'badge turn' }, '▶ turn'));
    if (p.kind === 'bot') badges.push(h('span', { class: 'badge' }, 'bot'));
    if (p.botPlaying) badges.push(h('span', { class: 'badge warn' }, 'bot playing for them'));
    if (!p.connected) badges.push(h('span', { class: 'badge warn' }, 'offline'));
    if (p.holdsProgressTrain) badges.push(h('span', { class: 'badge' }, 'Train of Progress'));
    return h('header', { class: 'phead' },
      h('h3', null, p.name, p.isMe ? h('span', { class: 'you' }, ' (you)') : null),
      badges,
      h('span', { class: 'pstats' },
        h('span', { title: 'cards in hand' }, icon('i-cost'), `${p.handCount} in hand`),
        h('span', { title: 'VP tokens' }, icon('i-vp'), `${p.vp} VP`),
        h('span', { title: 'points if the game ended now' }, `${p.score} pts`),
        h('span', { title: 'train weight / engine capacity' }, icon('i-weight'), `${p.weight}/${p.capacity}`)));
  });
  return h('section', { class: cx('player', { me: p.isMe, turn: p.isTurn }), 'aria-label': `${p.name}'s area`, 'data-seat': String(p.seat), 'data-fkey': `player-${p.seat}` },
    head,
    h('div', { class: 'train', 'data-skey': `train-${p.seat}`, 'aria-label': `${p.name}'s train, engine first` },
      p.train.map((c) => keep(ctx, `car-part:${p.seat}:${c.card}`, `${owner}|${paidFor === c.card}|${JSON.stringify(c)}`, (cc) => carView(c, p.seat, owner, cc, paidFor === c.card)))),
    keep(ctx, `pextra:${p.seat}`, JSON.stringify([p.supply, p.buildings, p.islands, paidFor]), (c) => h('div', { class: 'pextra' },
      h('div', { class: 'supply' }, h('span', { class: 'label' }, 'Passengers waiting: '),
        p.supply.length === 0 ? h('span', { class: 'muted' }, 'none') : p.supply.map((x) => {
          const key = `supply:${x.id}`;
          const t = c.offer.targets[key];
          return paxChip(x, t || c.selected === key ? { ...targetAttrs(c, key, 'pax-btn', x.label), type: 'button' } : { 'data-fkey': key });
        })),
      p.buildings.length > 0 ? h('div', { class: 'buildings' }, h('span', { class: 'label' }, 'Buildings: '), p.buildings.map((b) => buildingView(b.card, b.points, p.seat, c, paidFor === b.card))) : null,
      p.islands.length > 0 ? h('div', { class: 'islands' }, h('span', { class: 'label' }, 'Contracts: '),
        p.islands.map((i) => h('span', { class: 'island-card' }, h('b', null, i.name), ` — ${i.text}`))) : null)),
  );
}

export function detailsPanel(cardId: string | null, pinned = false, onClose?: () => void): VNode {
  const lines = cardId ? cardDetails(cardId) : [];
  return h('section', { class: cx('details', { pinned: pinned && lines.length > 0 }), 'aria-live': 'polite', 'aria-label': 'Card details', 'data-fkey': 'details' },
    h('h2', null, 'Card details'),
    pinned && onClose ? h('button', { type: 'button', class: 'close', 'aria-label': 'Close the card details', onclick: onClose, 'data-fkey': 'details-close' }, '×') : null,
    lines.length === 0
      ? h('p', { class: 'muted' }, 'Point at, focus or tap any card to read it here.')
      : [h('h3', null, lines[0]), h('ul', null, lines.slice(1).map((l) => h('li', null, l)))]);
}

/**
 * The phone's card sheet: a tapped card's details where the player is (over the dock, on any tab), with
 * the moves offered on that card as buttons, so that reading a card never commits to it. The desktop reads
 * cards in the side column's details panel instead (hover, focus or click).
 */
export function cardSheet(cardId: string | null, pinned: boolean, ctx: OfferCtx | null, onClose: () => void): VNode {
  const lines = cardId && pinned ? cardDetails(cardId) : [];
  if (!cardId || lines.length === 0) return h('div', { class: 'card-sheet-slot', 'data-fkey': 'card-sheet-slot' });
  const moves = ctx ? cardTargets(ctx, cardId) : [];
  return h('div', { class: 'card-sheet-slot', 'data-fkey': 'card-sheet-slot' },
    h('section', { class: 'card-sheet', role: 'dialog', 'aria-label': `${lines[0]}: details`, 'data-fkey': 'card-sheet' },
      h('h2', null, lines[0]),
      h('button', { type: 'button', class: 'close', 'aria-label': 'Close the card details', onclick: onClose, 'data-fkey': 'sheet-close' }, '×'),
      h('ul', null, lines.slice(1).map((l) => h('li', null, l))),
      h('div', { class: 'choices' },
        moves.map(([key, hint]) => h('button', {
          type: 'button', class: 'choice primary', 'data-sheet-key': key, 'data-fkey': `sheet:${key}`,
          onclick: () => { onClose(); ctx!.ui.pick(key); },
        }, `${hint}: ${lines[0]}`)),
        h('button', { type: 'button', class: 'choice cancel', onclick: onClose, 'data-fkey': 'sheet-cancel' }, moves.length > 0 ? 'Not now' : 'Close'))));
}

function soloPanel(m: TableModel, chapter: number): VNode | null {
  if (!m.solo) return null;
  const s = m.solo;
  const obj = chapter > 0 ? scenarioObjective(chapter) : null;
  return h('section', { class: 'solo' },
    h('h2', null, s.mode === 'scenario' ? `Chapter ${s.chapter}: ${s.title}` : 'The Challenge'),
    h('p', null, obj?.text ?? s.objective),
    h('p', { class: 'solo-progress' }, h('b', null, 'Progress: '), s.label),
    h('p', null, h('b', null, 'Deck: '), `${s.deckCount} card${s.deckCount === 1 ? '' : 's'} left`,
      s.deckCount <= 10 ? h('span', { class: 'badge warn' }, ' running out') : null));
}

function helpPanel(): VNode {
  return h('details', { class: 'help' },
    h('summary', null, 'How to play here'),
    h('ul', null,
      h('li', null, 'On your turn, everything you may click has an orange outline and a label saying what it does.'),
      h('li', null, 'Two-step moves: pick a card from your hand (or a waiting passenger), then a highlighted car or a button. Cancel or Escape goes back.'),
      h('li', null, 'A dashed outline costs one extra card: the load goes face down.'),
      h('li', null, 'After a build you pay by clicking cards in your hand, one at a time.'),
      h('li', null, 'To deliver, pick a destination, then each contract, passenger or good to hand over, then End delivery.'),
      h('li', null, 'Passengers show their destination by colour, symbol and letter (A–F).'),
      h('li', null, 'Tab and Enter work everywhere.'),
      h('li', null, 'Keys: D the display, H your hand, B the next card you can build, ← → along a row, 1–9 the buttons by the prompt, U or Ctrl+Z undo, Escape cancel.'),
      h('li', null, 'Undo takes back your last step of this turn, back to the last card or passenger drawn (those cannot be taken back).'),
      h('li', null, h('label', { class: 'words-switch' }, h('input', { type: 'checkbox', id: 'icon-words', checked: iconWordsOn(), onchange: (e: Event) => toggleIconWords((e.target as HTMLInputElement).checked) }), ' Show words beside the icons on cards')),
      h('li', null, h('button', { type: 'button', class: 'linkish', id: 'tour-again', onclick: () => startTour() }, 'Take the first-game tour'))));
}

/** Card names in log lines, longest first ("Engine Level 1" before "Engine"), each with one copy's id for the details. */
const CARD_NAMES: [string, string][] = CATALOGUE.cards.map((k) => [k.name, `${k.kind}.1`] as [string, string]).sort((a, b) => b[0].length - a[0].length);
const CARD_RE = new RegExp(CARD_NAMES.map(([n]) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
const CARD_BY_NAME = new Map(CARD_NAMES);

/** A log line with its card names pointing at the card: hover or focus shows it, a tap pins it. */
function logText(text: string, ui: OfferCtx['ui']): Child[] {
  const out: Child[] = [];
  let at = 0;
  for (const mt of text.matchAll(CARD_RE)) {
    const id = CARD_BY_NAME.get(mt[0])!;
    if (mt.index! > at) out.push(text.slice(at, mt.index));
    // A span, not a button: a long log must not add hundreds of tab stops (the cards themselves are focusable on the table).
    out.push(h('span', { class: 'log-card', onmouseenter: () => ui.details(id), onclick: () => ui.details(id, true) }, mt[0]));
    at = mt.index! + mt[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function logPanel(m: TableModel, ui: OfferCtx['ui'], older: TableExtras['log'], note: string | undefined, memos: Memos): VNode {
  const last = m.log.length > 0 ? m.log[m.log.length - 1].n : 0;
  // The whole game, numbered by the server's line number (stable for the game). The state brings only the
  // newest lines; the older ones are fetched when the table opens and as the player scrolls up (main.ts),
  // so the top of the list says "loading" while they come, or offers the page before (also by keyboard).
  const top = older?.loading
    ? h('li', { class: 'log-older muted', 'data-fkey': 'log-older' }, 'Loading earlier lines…')
    : older?.more
      ? h('li', { class: 'log-older', 'data-fkey': 'log-older' }, h('button', { type: 'button', class: 'linkish', onclick: () => older.onOlder() }, 'Show earlier lines'))
      : null;
  return h('section', { class: 'log', 'data-fkey': 'log-panel', 'aria-label': 'Game log' }, h('h2', null, 'Game log'),
    note ? h('p', { class: 'muted log-note' }, note) : null,
    // The list sits in a box of its own (styles.css, .log-box): a new line is then laid out inside the list alone,
    // not from the page's grid down.
    h('div', { class: 'log-box' }, h('ol', { class: 'log-list', 'data-skey': 'log', 'data-fkey': 'log-list', tabindex: '0', 'aria-live': 'polite', 'data-last': String(last) },
      top,
      // A line never changes once written (its handlers only show cards, the same every time): the lines are
      // kept in blocks by line number, so an update looks at a few blocks rather than every line of a long game,
      // and draws again only the block its new lines joined.
      // The newest line is marked (styles.css, .newest) until the next one comes: the block that held it is drawn again then.
      logBlocks(m.log).map((b) => memos.part(`log-block-${Math.floor(b[0].n / LOG_BLOCK)}`, JSON.stringify([m.mySeat, b, b[b.length - 1].n === last]), () =>
        group(b.map((e) => h('li', { class: cx({ mine: e.seat === m.mySeat, newest: e.n === last }), 'data-fkey': `log-${e.n}` }, h('span', { class: 'log-n' }, `${e.n}`), h('span', { class: 'log-t' }, logText(e.text, ui))))))))));
}

const LOG_BLOCK = 20;

/** The log's lines in blocks of LOG_BLOCK line numbers (the lines come oldest first). */
function logBlocks<L extends { n: number }>(log: readonly L[]): L[][] {
  const out: L[][] = [];
  for (const e of log) {
    const last = out[out.length - 1];
    if (last && Math.floor(last[0].n / LOG_BLOCK) === Math.floor(e.n / LOG_BLOCK)) last.push(e);
    else out.push([e]);
  }
  return out;
}

/** `kept`: the hand's row as a part of its own (drawn again only when the hand or its targets change). */
function dock(m: TableModel, ctx: OfferCtx, x: TableExtras, kept: (row: (ctx: OfferCtx) => VNode) => VNode, keep: Keep, still: Still): VNode {
  const o = ctx.offer;
  const confirming = o.buttons.some((b) => b.key === 'confirm');
  const buttons = o.buttons.map((b) => h('button', {
    type: 'button', class: cx('choice', { primary: b.key === 'endDelivery' || b.key === 'confirm' }), 'data-key': b.key, 'data-fkey': `btn:${b.key}`,
    onclick: () => ctx.ui.pick(b.key),
  }, b.label));
  if (o.canCancel) buttons.push(h('button', { type: 'button', class: 'choice cancel', 'data-key': 'cancel', 'data-fkey': 'btn:cancel', onclick: () => ctx.ui.pick('cancel') }, 'Cancel'));
  // Not a data-key target: taking a step back is never one of the turn's choices.
  if (x.undo) {
    buttons.push(h('button', {
      type: 'button', class: 'choice undo', 'data-fkey': 'btn:undo', onclick: x.undo.onUndo, 'aria-keyshortcuts': 'Control+Z',
      title: 'Take back your last step of this turn (Ctrl+Z). Drawn cards and passengers cannot be taken back.',
    }, `Undo${x.undo.count > 1 ? ` (${x.undo.count})` : ''}`));
  }
  const hand = m.hand;
  return h('section', { class: cx('dock', { mine: m.header.isMyTurn, confirming, choosing: choosingCards(m) }), 'aria-label': 'Your move', 'data-fkey': 'dock' },
    h('div', { class: 'dock-left' },
      x.refusal ? h('div', { class: 'refusal', role: 'alert' }, h('span', null, `Not accepted: ${x.refusal}`),
        h('button', { type: 'button', class: 'linkish', onclick: x.onDismissRefusal, 'data-fkey': 'dismiss' }, 'OK')) : null,
      h('div', { class: 'prompt', 'aria-live': 'polite' },
        m.mySeat === null ? 'You are watching this game.' : m.header.isMyTurn ? o.prompt || m.header.text : m.header.text),
      ctx.selected?.startsWith('hand:') && safeCard(ctx.selected.slice(5))
        ? h('div', { class: 'sel-effect' }, safeCard(ctx.selected.slice(5))!.effect) : null,
      buttons.length > 0 ? h('div', { class: 'choices', role: confirming ? 'group' : undefined, 'aria-label': confirming ? 'Confirm or cancel' : undefined }, buttons) : null),
    hand ? h('div', { class: 'hand-wrap' },
      h('h2', { class: 'hand-title' }, `Your hand (${hand.length})`),
      kept((c) => h('div', { class: 'hand', 'data-skey': 'hand', 'data-fkey': 'hand-row' },
        hand.length === 0 ? h('span', { class: 'muted' }, 'No cards.') : hand.map((id) => keep(c, `card-part:hand:${id}`, id, (cc) => cardFace(id, cc, `hand:${id}`, { still })))))) : null,
  );
}

/** `kept`: the display's cards as a part of their own (a card drawn from the deck changes only the piles). */
function supplyRow(m: TableModel, ctx: OfferCtx, kept: (row: (ctx: OfferCtx) => VNode) => VNode, keep: Keep, still: Still): VNode {
  const deckT = ctx.offer.targets.deck;
  const bagT = ctx.offer.targets.bag;
  return h('section', { class: 'supply-row', 'aria-label': 'Cards and passengers to take', 'data-fkey': 'supply-row' },
    h('div', { class: 'display' }, h('h2', null, 'Display'),
      kept((c) => h('div', { class: 'display-cards', 'data-fkey': 'display-row' }, m.display.map((id) => keep(c, `card-part:display:${id}`, id, (cc) => cardFace(id, cc, `display:${id}`, { small: true, still })))))),
    h('div', { class: 'piles' },
      h(deckT ? 'button' : 'div', { ...targetAttrs(ctx, 'deck', 'pile deck', `Deck: ${m.deckCount} cards`), type: deckT ? 'button' : undefined, tabindex: deckT ? undefined : '0' },
        h('span', { class: 'pile-n' }, String(m.deckCount)), h('span', null, 'deck'), hintTag(ctx, 'deck')),
      h('div', { class: 'pile discard', tabindex: '0', 'data-fkey': 'discard', title: m.discardTop ? `Discard pile, top: ${safeCard(m.discardTop)?.name}` : 'Discard pile', onclick: () => m.discardTop && ctx.ui.details(m.discardTop, true), onfocus: () => m.discardTop && ctx.ui.details(m.discardTop) },
        h('span', { class: 'pile-n' }, String(m.discardCount)), h('span', null, 'discard'),
        m.discardTop ? h('span', { class: 'pile-top' }, `top: ${safeCard(m.discardTop)?.name ?? m.discardTop}`) : null),
      h(bagT ? 'button' : 'div', { ...targetAttrs(ctx, 'bag', 'pile bag', `Passenger bag: ${m.bagCount} left`), type: bagT ? 'button' : undefined, tabindex: bagT ? undefined : '0' },
        h('span', { class: 'pile-n' }, String(m.bagCount)), h('span', null, 'in the bag'), hintTag(ctx, 'bag'))));
}

const TABS: [PhoneTab, string][] = [['table', 'Table'], ['map', 'Island'], ['log', 'Log & chat']];

/**
 * Everything an offered move's handlers and highlights depend on: while it is the same (the other players'
 * turns, a spectator's whole game), a part whose own model did not change is not drawn again.
 */
function offerSig(ctx: OfferCtx): string {
  const o = ctx.offer;
  return JSON.stringify([o.prompt, o.targets, o.buttons, o.canCancel, ctx.selected, ctx.live ?? true]);
}

/**
 * The offer as each part of the table reads it. A card, car or passenger shows only its own target (and whether
 * it is the selected one), so a part that looked up only its own targets is drawn again when one of those
 * changed, not whenever any move anywhere did: a card picked in the hand no longer redraws every train. The
 * targets a part looks up are learnt while it is built (a part that lists all of them, as the island's
 * deliveries do, depends on the whole offer).
 */
class OfferReads {
  private readonly reads = new Map<string, string[] | null>();
  /** The targets read by the parts being built, innermost last (null: all of them). */
  private readonly open: (Set<string> | null)[] = [];

  /** What of the offer `part` showed when last built: its targets now, or the whole offer when it read them all. */
  sig(part: string, ctx: OfferCtx, whole: string): string {
    const keys = this.reads.get(part);
    if (!keys) return `all ${whole}`;
    const t = ctx.offer.targets;
    return JSON.stringify([ctx.live ?? true, keys.map((k) => [t[k] ?? 0, ctx.selected === k])]);
  }

  /** Build `part` with an offer that notes which targets it looks up. */
  private build(part: string, ctx: OfferCtx, fn: (ctx: OfferCtx) => VNode): VNode {
    const seen = new Set<string>();
    const open = this.open;
    const note = (k: string | symbol) => {
      if (typeof k === 'string') open[open.length - 1]?.add(k);
    };
    const targets = new Proxy(ctx.offer.targets, {
      get(t, k, r) {
        note(k);
        return Reflect.get(t, k, r) as unknown;
      },
      has(t, k) {
        note(k);
        return Reflect.has(t, k);
      },
      ownKeys(t) {
        open[open.length - 1] = null;
        return Reflect.ownKeys(t);
      },
    });
    open.push(seen);
    let node: VNode;
    let read: Set<string> | null;
    try {
      node = fn({ ...ctx, offer: { ...ctx.offer, targets } });
    } finally {
      read = open.pop() ?? null;
    }
    this.reads.set(part, read ? [...read] : null);
    return node;
  }

  /**
   * A part of the table drawn again only when its model (`sig`) or the targets it shows changed. A part inside
   * another counts as read by the outer one too, kept or built: the outer one is only looked into when its own
   * sig changed.
   */
  part(memos: Memos, key: string, sig: string, ctx: OfferCtx, whole: string, build: (ctx: OfferCtx) => VNode): VNode {
    const full = () => `${sig}|${this.sig(key, ctx, whole)}`;
    const node = memos.part(key, full(), () => this.build(key, ctx, build), full);
    const outer = this.open.length - 1;
    if (outer >= 0 && this.open[outer]) {
      const inner = this.reads.get(key);
      if (inner) for (const k of inner) this.open[outer]!.add(k);
      else this.open[outer] = null;
    }
    return node;
  }
}

const offerReads = new WeakMap<Memos, OfferReads>();

/**
 * The table screen. `memos` keeps its parts from one render to the next: a part is drawn again only when what
 * it shows changed (src/render/vdom.ts).
 */
export function renderTable(m: TableModel, ctx: OfferCtx, x: TableExtras, memos: Memos = new Memos()): VNode {
  const left = x.deadline ? Math.max(0, Math.ceil((x.deadline - Date.now()) / 1000)) : null;
  // The player's own last seconds stand out: when they run out, a bot moves for them.
  const hurry = left !== null && left <= 10 && m.header.isMyTurn;
  const timer = x.turnTimeLimit > 0 ? h('span', { class: cx('badge timer', { hurry }) }, `Timer: ${x.turnTimeLimit}s per decision${left !== null ? ` · ${left}s left` : ''}`) : null;
  const tab = x.tab ?? 'table';
  const cues = x.cues;
  // The Island tab is marked only when a delivery there would do more than a special delivery (possible anywhere).
  const quick = quickKeysByIsland(ctx.offer.targets);
  const mapOffers = [...quick.values()].reduce((n, ks) => n + ks.length, 0);
  const os = offerSig(ctx);
  let reads = offerReads.get(memos);
  if (!reads) offerReads.set(memos, reads = new OfferReads());
  const offers = reads;
  // Each card and car is a part of its own inside its row's: a row drawn again (one card became a target, a car
  // was loaded) builds and compares only the cards and cars whose own targets or contents changed.
  const keep: Keep = (c, key, sig, build) => offers.part(memos, key, sig, c, os, build);
  const still: Still = (key, sig, build) => memos.part(key, sig, build);
  const paidFor = paidForCard(m);
  const panel = (p: PlayerModel) => {
    const rating = x.rating?.(p.seat) ?? null;
    const paying = p.isMe ? paidFor : null;
    return offers.part(memos, `player-${p.seat}`, `${rating}|${paying}|${JSON.stringify(p)}`, ctx, os, (c) => playerPanel(p, c, rating, keep, still, paying));
  };
  const mine = m.players.filter((p) => p.isMe);
  const others = m.players.filter((p) => !p.isMe);
  const lastLine = m.log[m.log.length - 1];
  const logSig = JSON.stringify([m.mySeat, m.log.length, m.log[0]?.n, lastLine?.n, lastLine?.text, x.log?.loading, x.log?.more, x.logNote]);
  return h('div', { class: cx('table-screen', `tab-${tab}`), 'data-fkey': 'table-screen' },
    h('header', { class: 'topbar' },
      h('h1', null, 'Isle of Trains'),
      h('span', { class: cx('status', x.statusKind), role: 'status' }, x.statusText),
      m.mySeat === null ? h('span', { class: 'badge' }, 'Spectating') : null,
      x.rated ? h('span', { class: 'badge', id: 'rated-badge', title: 'This game counts for ratings; leaving it for good counts as a loss.' }, 'Rated') : null,
      x.spectators && x.spectators.length > 0
        ? h('span', { class: 'badge watchers', title: `Watching: ${x.spectators.join(', ')}`, 'data-fkey': 'watchers' }, `${x.spectators.length} watching: ${x.spectators.join(', ')}`)
        : null,
      timer,
      cues ? h('button', { type: 'button', class: 'linkish cue', 'aria-pressed': String(cues.sound), onclick: cues.onSound, 'data-fkey': 'sound', title: 'Play a sound when it becomes your turn' }, cues.sound ? 'Sound on' : 'Sound off') : null,
      cues ? h('button', { type: 'button', class: 'linkish cue', 'aria-pressed': String(cues.notify), onclick: cues.onNotify, 'data-fkey': 'notify', title: 'A browser notification when it becomes your turn and this tab is hidden' }, cues.notify ? 'Alerts on' : 'Alerts off') : null,
      h('button', { type: 'button', class: 'linkish leave', onclick: x.onLeave, 'data-fkey': 'leave' }, x.leaveLabel ?? 'Leave')),
    h('div', { class: cx('turnbar', { mine: m.header.isMyTurn }) },
      h('strong', null, m.header.text),
      m.header.endText ? h('span', { class: 'badge warn' }, m.header.endText) : null,
      m.solo ? h('span', { class: 'badge' }, m.solo.label) : null),
    h('nav', { class: 'tabs', 'aria-label': 'Show' },
      TABS.map(([id, label]) => h('button', { type: 'button', class: cx('tab', { on: tab === id, 'has-offer': id === 'map' && mapOffers > 0 }), 'aria-pressed': String(tab === id), 'data-fkey': `tab-${id}`, onclick: () => x.onTab?.(id) },
        label, id === 'map' && mapOffers ? ` · ${mapOffers} deliver${mapOffers === 1 ? 'y' : 'ies'}` : null))),
    h('main', { class: 'board', 'data-skey': 'board', 'data-fkey': 'board' },
      x.endPanel,
      offers.part(memos, 'supply-row', JSON.stringify([m.display, m.deckCount, m.discardCount, m.discardTop, m.bagCount]), ctx, os, (c) => supplyRow(m, c, (row) => offers.part(memos, 'display-row', JSON.stringify(m.display), c, os, row), keep, still)),
      // Your own train, then the island, then the others': at 1366×768 what you act on shows without a scroll.
      mine.length > 0 ? h('section', { class: 'players own', 'aria-label': 'Your train', 'data-fkey': 'players-own' }, mine.map(panel)) : null,
      offers.part(memos, 'map', JSON.stringify([m.islands, m.destinations, m.progress, [...quick]]), ctx, os, (c) => islandMap(m, c, quick, keep, still)),
      others.length === 0 ? null : h('section', { class: cx('players', 'others', { many: m.players.length >= 3 }), 'aria-label': mine.length > 0 ? 'The other trains' : 'Trains', 'data-fkey': 'players' }, others.map(panel))),
    h('aside', { class: 'side-col', 'data-fkey': 'side' }, detailsPanel(x.detailsCard, x.detailsPinned, () => ctx.ui.details(null)), soloPanel(m, x.chapter),
      memos.part('log-panel', logSig, () => logPanel(m, ctx.ui, x.log, x.logNote, memos)),
      // No table chat in a solo game: there is nobody to talk to.
      m.players.length > 1 && x.side ? foreign(x.side, 'side-more', 'side-more') : null,
      memos.part('help', '', helpPanel)),
    x.bottom !== undefined
      ? x.bottom && foreign(x.bottom, 'bottom', 'bottom')
      : m.scores && x.endPanel ? null
        : memos.part('dock', `${os}|${JSON.stringify([m.hand, m.header, m.mySeat, x.refusal, x.undo?.count ?? 0])}`, () => dock(m, ctx, x,
          (row) => offers.part(memos, 'hand-row', JSON.stringify(m.hand), ctx, os, row), keep, still)),
    cardSheet(x.detailsCard, x.detailsPinned, ctx, () => ctx.ui.details(null)),
    // Shown over the dock's bottom edge while part of the dock is out of sight (render/dock-cue.ts).
    x.bottom === undefined && !(m.scores && x.endPanel) ? h('div', { class: 'dock-more', 'aria-hidden': 'true', 'data-fkey': 'dock-more' }, '▼ More below: scroll the hand') : null,
  );
}
