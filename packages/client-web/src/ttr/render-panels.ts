/**
 * The side panels of the second game's table, as plain functions of the model and the local UI state:
 * the claim chooser, the draw row, the ticket picker, the hand, tickets, players, bonus cards, the route
 * list and the end screen. Every control is a real button or checkbox, reachable by keyboard.
 */
import { h, Memos, type Child, type VNode } from '../render/vdom';
import { CARDS, ROUTE_POINTS, bonusCard, scoreBreakdown, type Action, type Card, type GameMap, type GameView, type TrailCache } from '@isle-of-trains/ttr-rules';
import {
  bonusLines, cardWord, decidedText, endReason, pairsIn, paymentText, routeKind, routeName, standings, type PaymentChoice, type RouteEntry,
} from './model';
import { SEAT_FILL, SEAT_INK, SYMBOL_NAME, swatch } from './symbols';

export interface PanelUi {
  selectRoute(id: number | null, fromList: boolean): void;
  cycle(step: number): void;
  claim(): void;
  draw(action: Action): void;
  toggleTicket(id: number): void;
  keepTickets(): void;
  hoverTicket(id: number | null): void;
  showTrail(seat: number): void;
  setFilter(claimableOnly: boolean): void;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** A seated player's rating beside their name, where one is known. */
function ratingBadge(rating: ((seat: number) => string | null) | undefined, seat: number): VNode | null {
  const r = rating?.(seat) ?? null;
  return r ? h('span', { class: 'ttr-rating', 'data-rating': r, title: 'Rating in this game for this number of players' }, `rating ${r}`) : null;
}

/** Who the table waits for, under controls this seat cannot use now. */
function waitingNote(waiting: string | null): VNode | null {
  return waiting ? h('p', { class: 'ttr-waiting' }, `${waiting}.`) : null;
}

export function cardLabel(c: Card): string {
  return c === 'loco' ? 'Locomotive' : `${c[0].toUpperCase()}${c.slice(1)}`;
}

/** The chooser for the selected route: what it is, why it cannot be claimed, or the payments to pick from. */
export function claimPanel(map: GameMap, entry: RouteEntry, choice: PaymentChoice | null, busy: boolean, ui: PanelUi, seated = true, waiting: string | null = null): VNode {
  const route = map.route.get(entry.id)!;
  const pay = choice ? choice.options[choice.index] : null;
  const pairs = pay ? pairsIn(route, pay) : 0;
  return h('section', {
    class: 'ttr-panel ttr-claim', 'aria-labelledby': 'ttr-claim-title', 'data-fkey': 'claim',
    onkeydown: (e: Event) => { if ((e as KeyboardEvent).key === 'Escape') ui.selectRoute(null, false); },
  },
    h('h2', { id: 'ttr-claim-title', tabindex: '-1' }, routeName(map, route)),
    h('p', null, `${routeKind(route)} · ${plural(ROUTE_POINTS[route.length], 'point')}`),
    // A spectator claims nothing: it is told the route's state and who is to move, not why it "cannot claim".
    !entry.claimable ? h('p', { class: seated ? 'ttr-why' : 'ttr-state' }, seated ? `Cannot claim: ${entry.status}.` : `${entry.status[0].toUpperCase()}${entry.status.slice(1)}.`) : null,
    !entry.claimable ? waitingNote(waiting) : null,
    pay && choice ? [
      h('div', { class: 'ttr-pay', role: 'group', 'aria-label': 'Payment' },
        h('button', { type: 'button', class: 'ttr-btn', 'aria-label': 'Previous payment', disabled: choice.options.length < 2, onclick: () => ui.cycle(-1) }, '‹'),
        h('div', { class: 'ttr-pay-cards', 'data-pay': JSON.stringify(pay), 'aria-live': 'polite' },
          h('span', { class: 'ttr-pay-chips', 'aria-hidden': 'true' }, ...CARDS.filter((c) => (pay[c] ?? 0) > 0).map((c) => h('span', { class: 'ttr-chip' }, swatch(c, 18), `×${pay[c]}`))),
          h('span', { class: 'ttr-pay-text' }, `Pay ${paymentText(pay)}`),
          pairs > 0 ? h('span', { class: 'ttr-pay-note' }, `${plural(pairs, 'pair')} of one colour ${pairs === 1 ? 'stands' : 'stand'} in for ${plural(pairs, 'locomotive')}`) : null,
          h('span', { class: 'ttr-pay-count' }, `Payment ${choice.index + 1} of ${choice.options.length}`)),
        h('button', { type: 'button', class: 'ttr-btn', 'aria-label': 'Next payment', disabled: choice.options.length < 2, onclick: () => ui.cycle(1) }, '›')),
    ] : null,
    h('div', { class: 'ttr-row' },
      entry.claimable && pay ? h('button', { type: 'button', class: 'ttr-btn ttr-primary', id: 'ttr-claim-go', disabled: busy, onclick: () => ui.claim() }, 'Claim') : null,
      h('button', { type: 'button', class: 'ttr-btn', onclick: () => ui.selectRoute(null, false) }, entry.claimable ? 'Cancel' : 'Close')));
}

/** Face-up cards, the deck and the ticket deck: each enabled exactly when the rules offer it now. */
export function drawPanel(view: GameView, legal: readonly Action[], busy: boolean, ui: PanelUi, waiting: string | null = null): VNode {
  const can = (pred: (a: Action) => boolean): Action | undefined => legal.find(pred);
  const second = view.turn.step === 'secondCard';
  const locoShowing = view.display.includes('loco');
  const pass = can((a) => a.type === 'pass');
  return h('section', { class: 'ttr-panel ttr-draw', 'aria-labelledby': 'ttr-draw-title', 'data-fkey': 'draw' },
    h('h2', { id: 'ttr-draw-title' }, 'Train cards'),
    waitingNote(waiting),
    h('div', { class: 'ttr-faceup' },
      ...view.display.map((c, i) => {
        if (c === null) return h('span', { class: 'ttr-empty-slot', 'data-fkey': `slot:${i}` }, 'empty');
        const act = can((a) => a.type === 'drawFaceUp' && a.card === c);
        return h('button', {
          type: 'button', class: `ttr-btn ttr-face ttr-c-${c}`, 'data-fkey': `slot:${i}`, 'data-card': c, disabled: busy || !act,
          'aria-label': `Take the face-up ${cardWord(c)} (${SYMBOL_NAME[c]})`, onclick: () => act && ui.draw(act),
        }, swatch(c, 26), h('span', null, cardLabel(c)));
      }),
      h('button', {
        type: 'button', class: 'ttr-btn ttr-face ttr-deck', id: 'ttr-deck', disabled: busy || !can((a) => a.type === 'drawBlind'),
        onclick: () => { const a = can((x) => x.type === 'drawBlind'); if (a) ui.draw(a); },
      }, h('span', null, 'Deck'), h('span', { class: 'ttr-small' }, `${view.deckCount} left`))),
    second && locoShowing ? h('p', { class: 'ttr-why' }, 'A face-up locomotive can only be your first card of a turn.') : null,
    h('p', { class: 'ttr-small' }, `Discard pile: ${view.discardCount}`),
    h('div', { class: 'ttr-row' },
      h('button', {
        type: 'button', class: 'ttr-btn', id: 'ttr-draw-tickets', disabled: busy || !can((a) => a.type === 'drawTickets'),
        onclick: () => { const a = can((x) => x.type === 'drawTickets'); if (a) ui.draw(a); },
      }, `Draw tickets (${view.ticketDeckCount} left)`),
      pass ? h('button', { type: 'button', class: 'ttr-btn', id: 'ttr-pass', disabled: busy, onclick: () => ui.draw(pass) }, 'Pass (nothing else is possible)') : null));
}

/** The ticket choice: tick the ones to keep; hovering or focusing one lights its two cities on the map. */
export function ticketPicker(map: GameMap, offer: readonly number[], chosen: ReadonlySet<number>, min: number, busy: boolean, ui: PanelUi): VNode {
  const n = offer.filter((id) => chosen.has(id)).length;
  return h('section', { class: 'ttr-panel ttr-picker', 'aria-labelledby': 'ttr-picker-title', 'data-fkey': 'picker' },
    h('h2', { id: 'ttr-picker-title' }, 'Choose your tickets'),
    h('p', null, `Keep at least ${min}. A kept ticket scores its points if your routes join its two cities by the end, and loses them if not.`),
    h('ul', { class: 'ttr-offer' }, ...offer.map((id) => {
      const t = map.ticket.get(id)!;
      const label = `${map.city.get(t.from)?.name} – ${map.city.get(t.to)?.name}, ${t.points} points`;
      return h('li', { 'data-fkey': `offer:${id}`, onmouseenter: () => ui.hoverTicket(id) },
        h('label', null,
          h('input', { type: 'checkbox', checked: chosen.has(id), 'data-ticket': id, onchange: () => ui.toggleTicket(id), onfocus: () => ui.hoverTicket(id) }),
          ` ${label}`));
    })),
    h('div', { class: 'ttr-row' },
      h('button', { type: 'button', class: 'ttr-btn ttr-primary', id: 'ttr-keep', disabled: busy || n < min, onclick: () => ui.keepTickets() },
        n < min ? `Keep at least ${min}` : `Keep ${plural(n, 'ticket')}`)));
}

export function handPanel(view: GameView, seat: number): VNode {
  const hand = view.players[seat].hand!;
  return h('section', { class: 'ttr-panel ttr-hand', 'aria-labelledby': 'ttr-hand-title', 'data-fkey': 'hand' },
    h('h2', { id: 'ttr-hand-title' }, `Your cards (${CARDS.reduce((n, c) => n + hand[c], 0)})`),
    h('ul', { class: 'ttr-chips' }, ...CARDS.map((c) => h('li', { class: hand[c] ? 'ttr-chip' : 'ttr-chip ttr-none', 'data-hand': c },
      swatch(c), h('span', null, `${cardLabel(c)} ${hand[c]}`)))));
}

/** Your tickets; pressing one shows it on the map (its cities and a way between them) until pressed again. */
export function ticketsPanel(map: GameMap, view: GameView, seat: number, shown: number | null, ui: PanelUi): VNode {
  const tickets = view.players[seat].tickets ?? [];
  return h('section', { class: 'ttr-panel ttr-tickets', 'aria-labelledby': 'ttr-tickets-title', 'data-fkey': 'tickets' },
    h('h2', { id: 'ttr-tickets-title' }, `Your tickets (${tickets.filter((t) => t.completed).length} of ${tickets.length} done)`),
    tickets.length === 0 ? h('p', null, 'None yet.') : h('ul', { class: 'ttr-ticket-list' }, ...tickets.map((t) =>
      h('li', { 'data-fkey': `ticket:${t.id}`, 'data-done': t.completed ? '1' : '0' },
        h('button', { type: 'button', class: 'ttr-link', 'aria-pressed': shown === t.id ? 'true' : 'false', onclick: () => ui.hoverTicket(shown === t.id ? null : t.id) },
          h('span', { class: t.completed ? 'ttr-tick' : 'ttr-open', 'aria-hidden': 'true' }, t.completed ? '✓' : '○'),
          ` ${map.city.get(t.from)?.name} – ${map.city.get(t.to)?.name} · ${t.points}`,
          h('span', { class: 'ttr-sr' }, t.completed ? ' (completed)' : ' (not yet joined)'))))));
}

export function playersPanel(view: GameView, seat: number | null, names: readonly string[], rating?: (seat: number) => string | null): VNode {
  return h('section', { class: 'ttr-panel ttr-players', 'aria-labelledby': 'ttr-players-title', 'data-fkey': 'players' },
    h('h2', { id: 'ttr-players-title' }, 'Players'),
    h('table', null,
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Score'), h('th', { scope: 'col' }, 'Trains'),
        h('th', { scope: 'col' }, 'Cards'), h('th', { scope: 'col' }, 'Tickets'))),
      h('tbody', null, ...view.players.map((p) => h('tr', {
        class: view.turn.seat === p.seat && !view.gameOver ? 'ttr-now' : '', 'data-seat': p.seat, 'data-fkey': `player:${p.seat}`,
      },
      h('th', { scope: 'row' },
        h('span', { class: 'ttr-seat', style: { background: SEAT_FILL[p.seat % 5], color: SEAT_INK[p.seat % 5] }, 'aria-hidden': 'true' }, String(p.seat + 1)),
        ` ${names[p.seat]}${p.seat === seat ? ' (you)' : ''}`,
        ratingBadge(rating, p.seat),
        view.turn.seat === p.seat && !view.gameOver ? h('span', { class: 'ttr-sr' }, ' (to play)') : null),
      h('td', null, String(p.routePoints)), h('td', null, String(p.trainsLeft)), h('td', null, String(p.handCount)),
      h('td', null, p.offerCount > 0 ? `${p.ticketCount} (+${p.offerCount} choosing)` : String(p.ticketCount)))))));
}

export function bonusPanel(view: GameView, seat: number | null, names: readonly string[], trails?: TrailCache): VNode {
  return h('section', { class: 'ttr-panel ttr-bonus', 'aria-labelledby': 'ttr-bonus-title', 'data-fkey': 'bonus' },
    h('h2', { id: 'ttr-bonus-title' }, 'Bonus cards'),
    h('ul', null, ...bonusLines(view, seat, trails).map((b) => h('li', { 'data-bonus': b.id },
      h('strong', null, `${b.name} (${b.points})`), h('span', { class: 'ttr-small' }, ` ${b.measures}. `),
      h('span', { class: 'ttr-leader' }, b.hidden
        ? `Hidden until the end${b.mine !== null ? `; you: ${b.mine}` : ''}.`
        : b.leaders.length === 0 ? 'Nobody yet.' : `Leading: ${b.leaders.map((i) => names[i]).join(', ')} (${b.best}).`)))));
}

export function routeListPanel(entries: readonly RouteEntry[], selected: number | null, claimableOnly: boolean, names: readonly string[], ui: PanelUi, seated = true, memos = new Memos()): VNode {
  const shown = claimableOnly && seated ? entries.filter((e) => e.claimable) : entries;
  // About 150 rows, of which a move changes a few: a row whose sig is the last render's is neither built again nor
  // compared (src/render/vdom.ts, Memos). `data-sig` stays on the row for the browser tests to read.
  const rows = shown.map((e) => {
    const key = `entry:${e.id}`;
    const sig = entrySig(e, selected, names);
    return memos.part(key, sig, () => h('li', { 'data-fkey': key, 'data-sig': sig },
    h('button', {
      type: 'button', class: 'ttr-link ttr-entry', 'data-entry': e.id, 'data-claimable': e.claimable ? '1' : '0', 'aria-pressed': selected === e.id ? 'true' : 'false',
      onclick: () => ui.selectRoute(e.id, true),
    },
    h('span', { class: 'ttr-entry-name' }, e.name),
    h('span', { class: 'ttr-small' }, ` ${e.kind}; ${e.owner !== null ? `${names[e.owner]}'s` : e.status}`))));
  });
  return h('section', { class: 'ttr-panel ttr-routes-list', 'aria-labelledby': 'ttr-routes-title', 'data-fkey': 'routes' },
    h('h2', { id: 'ttr-routes-title' }, 'Routes'),
    // (a spectator, or a replay, claims nothing: no filter for it)
    !seated ? null : h('label', { class: 'ttr-small' }, h('input', { type: 'checkbox', id: 'ttr-only-claimable', checked: claimableOnly, onchange: (e: Event) => ui.setFilter((e.target as HTMLInputElement).checked) }),
      ' Only the routes I can claim now'),
    rows.length === 0 ? h('p', null, 'None.') : h('ul', null, ...rows));
}

/** Everything a route list row shows (its handler reads only the route's id, in its key): the row's part's sig. */
function entrySig(e: RouteEntry, selected: number | null, names: readonly string[]): string {
  return `${e.id}|${e.claimable ? 1 : 0}${selected === e.id ? 1 : 0}|${e.name}|${e.kind}|${e.owner !== null ? names[e.owner] : e.status}`;
}

/**
 * The end: who won and how it was decided, why the game ended, the standings, the actions the room offers
 * (`actions`: play again, the replay, the lobby, in their row), then each player's tickets and bonus cards and whose
 * longest trail the map draws.
 */
export function endPanel(map: GameMap, view: GameView, names: readonly string[], seat: number | null, trailSeat: number, trailLength: number, ui: PanelUi, actions: Child = null, rating?: (seat: number) => string | null): VNode {
  const sb = scoreBreakdown(view);
  const winners = sb.winners.map((w) => (w === seat ? 'You' : names[w]));
  const headline = sb.winners.length > 1 ? `${winners.join(' and ')} share the win` : winners[0] === 'You' ? 'You win' : `${winners[0]} wins`;
  const rows = standings(sb);
  const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
  return h('section', { class: 'ttr-panel ttr-end', id: 'ttr-end', 'aria-labelledby': 'ttr-end-title', 'data-fkey': 'end' },
    h('h2', { id: 'ttr-end-title', tabindex: '-1' }, headline),
    h('p', { class: 'ttr-decided' }, decidedText(sb.decidedBy)),
    h('p', { class: 'ttr-small' }, endReason(view, names)),
    h('table', { class: 'ttr-standings' },
      h('caption', { class: 'ttr-sr' }, 'Final scores'),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Place'), h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Routes'),
        h('th', { scope: 'col' }, 'Tickets'), h('th', { scope: 'col' }, 'Bonus'), h('th', { scope: 'col' }, 'Total'))),
      h('tbody', null, ...rows.map((r) => h('tr', { 'data-seat': r.seat, class: sb.winners.includes(r.seat) ? 'ttr-winner' : '' },
        h('td', null, `${r.place}.`),
        h('th', { scope: 'row' }, h('span', { class: 'ttr-seat', style: { background: SEAT_FILL[r.seat % 5], color: SEAT_INK[r.seat % 5] }, 'aria-hidden': 'true' }, String(r.seat + 1)),
          ` ${names[r.seat]}${r.seat === seat ? ' (you)' : ''}`, ratingBadge(rating, r.seat)),
        h('td', null, String(r.routes)), h('td', null, signed(r.tickets)), h('td', null, String(r.bonus)), h('td', { class: 'ttr-total' }, String(r.total)))))),
    actions ?? null,
    ...sb.players.map((p): Child => h('div', { class: 'ttr-end-seat', 'data-seat': p.seat },
      h('h3', null, h('span', { class: 'ttr-seat', style: { background: SEAT_FILL[p.seat % 5], color: SEAT_INK[p.seat % 5] }, 'aria-hidden': 'true' }, String(p.seat + 1)),
        ` ${names[p.seat]}: ${p.total} points`),
      h('p', null, `Routes ${p.routePoints} · tickets ${signed(p.ticketPoints)} (${p.completedTickets} of ${p.tickets.length} completed) · bonus cards ${p.bonusPoints}`),
      h('ul', { class: 'ttr-small' }, ...p.tickets.map((t) => {
        const d = map.ticket.get(t.id)!;
        return h('li', { 'data-done': t.completed ? '1' : '0' }, `${t.completed ? '✓' : '✗'} ${map.city.get(d.from)?.name} – ${map.city.get(d.to)?.name}: ${t.completed ? '+' : '−'}${t.points}`);
      }),
      ...p.bonus.map((b) => h('li', null, `${bonusCard(b.card).name}: ${b.measure}${b.won ? ` → +${b.points}` : ''}`))),
      h('button', { type: 'button', class: 'ttr-btn', 'aria-pressed': trailSeat === p.seat ? 'true' : 'false', onclick: () => ui.showTrail(p.seat) },
        trailSeat === p.seat ? `Longest trail shown: ${trailLength} spaces` : 'Show the longest trail'))));
}
