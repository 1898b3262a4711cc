/** The table screen: map, supply, every player's train, the local hand and the move dock. */
import { cardDetails, safeCard, scenarioObjective } from '../cards';
import type { DestinationModel, IslandModel, PlayerModel, TableModel } from '../view-model';
import { cx, h, type Child } from './dom';
import { buildingView, carView, cardFace, hintTag, paxChip, targetAttrs, type OfferCtx } from './parts';

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
  endPanel: HTMLElement | null;
}

function islandTile(i: IslandModel, d: DestinationModel | null, ctx: OfferCtx): HTMLElement {
  const key = `destination:${i.id}`;
  const t = ctx.offer.targets[key];
  const colour = d?.colourHex ?? '#9aa5b1';
  const held = i.heldBy
    ? h('div', { class: 'held' }, `Island card: ${i.heldBy.name}${i.heldBy.secondary === null ? ' (secondary open)' : ` (secondary ${i.heldBy.secondary + 1} done)`}`)
    : null;
  const ticket = d?.ticket
    ? h('div', { class: 'ticket' },
      h('span', { class: 'ticket-name' }, d.ticket.tileName),
      h('span', { class: 'ticket-spaces' },
        d.ticket.rewards.map((r, idx) => {
          const p = d.ticket!.filled[idx];
          return h('span', { class: cx('tspace', { next: r.next, taken: r.taken }), title: p ? `${p.label}: ${r.text}` : `${r.next ? 'Next reward' : 'Reward'}: ${r.text}` },
            p ? paxChip(p) : h('span', { class: 'tspace-reward' }, r.text));
        })),
      h('span', { class: 'ticket-next' }, d.ticket.nextReward ? `next: ${d.ticket.nextReward}` : 'full'))
    : null;
  return h('section', { class: cx('dest', { taken: !i.onMap }), style: { '--c': colour }, 'aria-label': i.name },
    h(t ? 'button' : 'div', { ...targetAttrs(ctx, key, 'dest-head', i.name), type: t ? 'button' : undefined },
      d ? h('span', { class: 'dsym', 'aria-hidden': 'true' }, `${d.symbol} ${d.letter}`) : h('span', { class: 'dsym', 'aria-hidden': 'true' }, '⚗ R'),
      h('span', { class: 'dname' }, i.name, d ? h('span', { class: 'dcolour' }, ` (${d.colour})`) : null),
      hintTag(ctx, key)),
    h('div', { class: cx('contract', { done: !i.onMap }) }, h('b', null, 'Primary '), i.onMap ? i.primary : `${i.primary} · taken`),
    h('div', { class: 'contract secondary' }, h('b', null, 'Secondary'), i.secondary.map((s, n) => h('span', { class: 'sec' }, `${n + 1}: ${s}`))),
    held,
    ticket,
  );
}

function playerPanel(p: PlayerModel, ctx: OfferCtx): HTMLElement {
  const badges: Child[] = [];
  if (p.isTurn) badges.push(h('span', { class: 'badge turn' }, '▶ turn'));
  if (p.kind === 'bot') badges.push(h('span', { class: 'badge' }, 'bot'));
  if (p.botPlaying) badges.push(h('span', { class: 'badge warn' }, 'bot playing for them'));
  if (!p.connected) badges.push(h('span', { class: 'badge warn' }, 'offline'));
  if (p.holdsProgressTrain) badges.push(h('span', { class: 'badge' }, 'Train of Progress'));
  return h('section', { class: cx('player', { me: p.isMe, turn: p.isTurn }), 'aria-label': `${p.name}'s area`, 'data-seat': String(p.seat) },
    h('header', { class: 'phead' },
      h('h3', null, p.name, p.isMe ? h('span', { class: 'you' }, ' (you)') : null),
      badges,
      h('span', { class: 'pstats' },
        h('span', { title: 'cards in hand' }, `🂠 ${p.handCount} in hand`),
        h('span', { title: 'VP tokens' }, `★ ${p.vp} VP`),
        h('span', { title: 'points if the game ended now' }, `${p.score} pts`),
        h('span', { title: 'train weight / engine capacity' }, `weight ${p.weight}/${p.capacity}`))),
    h('div', { class: 'train', 'data-skey': `train-${p.seat}`, role: 'list', 'aria-label': `${p.name}'s train, engine first` },
      p.train.map((c) => carView(c, p.seat, ctx))),
    h('div', { class: 'pextra' },
      h('div', { class: 'supply' }, h('span', { class: 'label' }, 'Passengers waiting: '),
        p.supply.length === 0 ? h('span', { class: 'muted' }, 'none') : p.supply.map((x) => {
          const key = `supply:${x.id}`;
          const t = ctx.offer.targets[key];
          return paxChip(x, t || ctx.selected === key ? { ...targetAttrs(ctx, key, 'pax-btn', x.label), type: 'button' } : {});
        })),
      p.buildings.length > 0 ? h('div', { class: 'buildings' }, h('span', { class: 'label' }, 'Buildings: '), p.buildings.map((b) => buildingView(b.card, b.points, p.seat, ctx))) : null,
      p.islands.length > 0 ? h('div', { class: 'islands' }, h('span', { class: 'label' }, 'Contracts: '),
        p.islands.map((i) => h('span', { class: 'island-card' }, h('b', null, i.name), ` — ${i.text}`))) : null),
  );
}

export function detailsPanel(cardId: string | null, pinned = false, onClose?: () => void): HTMLElement {
  const lines = cardId ? cardDetails(cardId) : [];
  return h('section', { class: cx('details', { pinned: pinned && lines.length > 0 }), 'aria-live': 'polite', 'aria-label': 'Card details' },
    h('h2', null, 'Card details'),
    pinned && onClose ? h('button', { type: 'button', class: 'close', 'aria-label': 'Close the card details', onclick: onClose, 'data-fkey': 'details-close' }, '×') : null,
    lines.length === 0
      ? h('p', { class: 'muted' }, 'Point at, focus or tap any card to read it here.')
      : [h('h3', null, lines[0]), h('ul', null, lines.slice(1).map((l) => h('li', null, l)))]);
}

function soloPanel(m: TableModel, chapter: number): HTMLElement | null {
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

function helpPanel(): HTMLElement {
  return h('details', { class: 'help' },
    h('summary', null, 'How to play here'),
    h('ul', null,
      h('li', null, 'On your turn, everything you may click has an orange outline and a label saying what it does.'),
      h('li', null, 'Two-step moves: pick a card from your hand (or a waiting passenger), then a highlighted car or a button. Cancel or Escape goes back.'),
      h('li', null, 'A dashed outline costs one extra card: the load goes face down.'),
      h('li', null, 'After a build you pay by clicking cards in your hand, one at a time.'),
      h('li', null, 'To deliver, pick a destination, then each contract, passenger or good to hand over, then End delivery.'),
      h('li', null, 'Passengers show their destination by colour, symbol and letter (A–F).'),
      h('li', null, 'Tab and Enter work everywhere.')));
}

function logPanel(m: TableModel): HTMLElement {
  const entries = m.log.slice(-60);
  return h('section', { class: 'log' }, h('h2', null, 'Game log'),
    h('ol', { class: 'log-list', 'data-skey': 'log', 'aria-live': 'polite', 'data-last': String(m.log.length > 0 ? m.log[m.log.length - 1].n : 0) },
      entries.map((e) => h('li', { class: cx({ mine: e.seat === m.mySeat }) }, e.text))));
}

function dock(m: TableModel, ctx: OfferCtx, x: TableExtras): HTMLElement {
  const o = ctx.offer;
  const buttons = o.buttons.map((b) => h('button', {
    type: 'button', class: cx('choice', { primary: b.key === 'endDelivery' }), 'data-key': b.key, 'data-fkey': `btn:${b.key}`,
    onclick: () => ctx.ui.pick(b.key),
  }, b.label));
  if (o.canCancel) buttons.push(h('button', { type: 'button', class: 'choice cancel', 'data-key': 'cancel', 'data-fkey': 'btn:cancel', onclick: () => ctx.ui.pick('cancel') }, 'Cancel'));
  const hand = m.hand;
  return h('section', { class: cx('dock', { mine: m.header.isMyTurn }), 'aria-label': 'Your move' },
    x.refusal ? h('div', { class: 'refusal', role: 'alert' }, h('span', null, `Not accepted: ${x.refusal}`),
      h('button', { type: 'button', class: 'linkish', onclick: x.onDismissRefusal, 'data-fkey': 'dismiss' }, 'OK')) : null,
    h('div', { class: 'prompt', 'aria-live': 'polite' },
      m.mySeat === null ? 'You are watching this game.' : m.header.isMyTurn ? o.prompt || m.header.text : m.header.text),
    ctx.selected?.startsWith('hand:') && safeCard(ctx.selected.slice(5))
      ? h('div', { class: 'sel-effect' }, safeCard(ctx.selected.slice(5))!.effect) : null,
    buttons.length > 0 ? h('div', { class: 'choices' }, buttons) : null,
    hand ? h('div', { class: 'hand-wrap' },
      h('h2', { class: 'hand-title' }, `Your hand (${hand.length})`),
      h('div', { class: 'hand', 'data-skey': 'hand', role: 'list' },
        hand.length === 0 ? h('span', { class: 'muted' }, 'No cards.') : hand.map((c) => cardFace(c, ctx, `hand:${c}`)))) : null,
  );
}

export function renderTable(m: TableModel, ctx: OfferCtx, x: TableExtras): HTMLElement {
  const destById = new Map(m.destinations.map((d) => [d.id, d]));
  const islands = m.islands.map((i) => islandTile(i, i.destination ? destById.get(i.destination.id) ?? null : null, ctx));
  const progressPips: Child[] = [];
  const thr = m.progress.threshold;
  if (thr !== null) for (let i = 0; i < thr; i++) progressPips.push(h('span', { class: cx('pip', { on: i < m.progress.value }) }));
  const deckKey = 'deck';
  const bagKey = 'bag';
  const deckT = ctx.offer.targets[deckKey];
  const bagT = ctx.offer.targets[bagKey];
  const timer = x.turnTimeLimit > 0 ? h('span', { class: 'badge' }, `Timer: ${x.turnTimeLimit}s per decision${x.deadline ? ` · ${Math.max(0, Math.ceil((x.deadline - Date.now()) / 1000))}s left` : ''}`) : null;
  return h('div', { class: 'table-screen' },
    h('header', { class: 'topbar' },
      h('h1', null, 'Isle of Trains'),
      h('span', { class: cx('status', x.statusKind), role: 'status' }, x.statusText),
      m.mySeat === null ? h('span', { class: 'badge' }, 'Spectating') : null,
      timer,
      h('button', { type: 'button', class: 'linkish', onclick: x.onLeave, 'data-fkey': 'leave' }, 'Leave')),
    h('div', { class: cx('turnbar', { mine: m.header.isMyTurn }) },
      h('strong', null, m.header.text),
      m.header.endText ? h('span', { class: 'badge warn' }, m.header.endText) : null,
      m.solo ? h('span', { class: 'badge' }, m.solo.label) : null),
    x.endPanel,
    h('div', { class: 'board' },
      h('div', { class: 'main-col' },
        h('section', { class: 'supply-row', 'aria-label': 'Cards and passengers to take' },
          h('div', { class: 'display' }, h('h2', null, 'Display'),
            h('div', { class: 'display-cards' }, m.display.map((c) => cardFace(c, ctx, `display:${c}`, { small: true })))),
          h('div', { class: 'piles' },
            h(deckT ? 'button' : 'div', { ...targetAttrs(ctx, deckKey, 'pile deck', `Deck: ${m.deckCount} cards`), type: deckT ? 'button' : undefined, tabindex: deckT ? undefined : '0' },
              h('span', { class: 'pile-n' }, String(m.deckCount)), h('span', null, 'deck'), hintTag(ctx, deckKey)),
            h('div', { class: 'pile discard', tabindex: '0', title: m.discardTop ? `Discard pile, top: ${safeCard(m.discardTop)?.name}` : 'Discard pile', onclick: () => m.discardTop && ctx.ui.details(m.discardTop), onfocus: () => m.discardTop && ctx.ui.details(m.discardTop) },
              h('span', { class: 'pile-n' }, String(m.discardCount)), h('span', null, 'discard'),
              m.discardTop ? h('span', { class: 'pile-top' }, `top: ${safeCard(m.discardTop)?.name ?? m.discardTop}`) : null),
            h(bagT ? 'button' : 'div', { ...targetAttrs(ctx, bagKey, 'pile bag', `Passenger bag: ${m.bagCount} left`), type: bagT ? 'button' : undefined, tabindex: bagT ? undefined : '0' },
              h('span', { class: 'pile-n' }, String(m.bagCount)), h('span', null, 'passengers in bag'), hintTag(ctx, bagKey)),
            thr !== null ? h('div', { class: 'pile progress', title: 'Contracts taken and ticket tiles filled move the track; the game ends at the last space.' },
              h('span', { class: 'pile-n' }, `${m.progress.value}/${thr}`), h('span', null, 'progress'), h('span', { class: 'pips' }, progressPips),
              m.progress.holder ? h('span', { class: 'pile-top' }, `Train of Progress: ${m.progress.holder}`) : null) : null)),
        h('section', { class: 'players', 'aria-label': 'Trains' }, m.players.map((p) => playerPanel(p, ctx))),
        h('section', { class: 'map', 'aria-label': 'Islands and destinations' }, h('h2', null, 'Islands & destinations'), h('div', { class: 'dests' }, islands))),
      h('aside', { class: 'side-col' }, detailsPanel(x.detailsCard, x.detailsPinned, () => ctx.ui.details(null)), soloPanel(m, x.chapter), helpPanel(), logPanel(m))),
    m.scores && x.endPanel ? null : dock(m, ctx, x),
  );
}

/** Show a card in the details panel without re-rendering the screen (hover must not replace the hovered element). */
export function updateDetails(root: HTMLElement, cardId: string | null, pinned: boolean, onClose: () => void): void {
  const el = root.querySelector('.details');
  if (el) el.replaceWith(detailsPanel(cardId, pinned, onClose));
}
