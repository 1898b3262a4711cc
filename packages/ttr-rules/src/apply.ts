/**
 * applyAction: check an action from anyone (parsed, then held against the rules) and carry it out on a copy
 * of the state. runAction is the part that changes a state in place; the simulator calls it directly for
 * actions it already knows are legal, so the two doors run the same code.
 */
import { ActionSchema, fullPayment, isExactAction, type Action, type Payment } from './actions';
import { CARDS } from './cards';
import { cloneStateFor } from './clone';
import { drawCard, refillDisplay } from './deck';
import { KEEP_AT_SETUP, KEEP_LATER, pending } from './decision';
import { legalActions } from './legal';
import { ROUTE_POINTS } from './map';
import { affordable, isExactPayment } from './payments';
import { blindDrawable, claimOpen, mapOfTable, usableTracks } from './table';
import type { EndReason, GameEvent, GameState, RuleError, Seat } from './types';

export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: RuleError };

export function applyAction(state: GameState, seat: Seat, raw: unknown): ApplyResult {
  if (state.gameOver) return refuse('GAME_OVER', 'the game is over');
  let action: Action;
  if (isExactAction(raw)) action = raw;
  else {
    const parsed = ActionSchema.safeParse(raw);
    if (!parsed.success) {
      return refuse('BAD_ACTION', `not an action: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'action'}: ${i.message}`).join('; ')}`);
    }
    action = parsed.data;
  }
  const problem = check(state, seat, action);
  if (problem) return { ok: false, error: problem };
  const s = cloneStateFor(state, seat, action.type);
  const events: GameEvent[] = [];
  runAction(s, seat, action, events);
  return { ok: true, state: s, events };
}

function refuse(code: RuleError['code'], message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { code, message } };
}

/** Why `action` may not be taken by `seat` now, or null when it may. */
function check(s: GameState, seat: Seat, action: Action): RuleError | null {
  const decision = pending(s).find((d) => d.seat === seat);
  if (!decision) return { code: 'NOT_YOUR_TURN', message: `seat ${seat} has nothing to decide now` };
  const illegal = (message: string): RuleError => ({ code: 'ILLEGAL', message });
  const p = s.players[seat];
  switch (action.type) {
    case 'keepTickets': {
      if (decision.kind !== 'keepTickets') return illegal('there are no tickets to choose from now');
      const offer = p.offer ?? [];
      if (new Set(action.keep).size !== action.keep.length) return illegal('a ticket is named twice');
      const stranger = action.keep.find((id) => !offer.includes(id));
      if (stranger !== undefined) return illegal(`ticket ${stranger} is not on offer`);
      const min = Math.min(s.turn.step === 'setup' ? KEEP_AT_SETUP : KEEP_LATER, offer.length);
      if (action.keep.length < min) return illegal(`keep at least ${min} of the ${offer.length} tickets`);
      return null;
    }
    case 'drawFaceUp':
      if (decision.kind === 'keepTickets') return illegal('choose tickets first');
      if (!s.display.includes(action.card)) return illegal(`no ${action.card} card is face up`);
      if (decision.kind === 'secondCard' && action.card === 'loco') return illegal('a face-up locomotive can only be taken as the first card of a turn');
      return null;
    case 'drawBlind':
      if (decision.kind === 'keepTickets') return illegal('choose tickets first');
      if (blindDrawable(s) === 0) return illegal('the deck and the discard pile are both empty');
      return null;
    case 'claim': {
      if (decision.kind !== 'turn') return illegal(decision.kind === 'secondCard' ? 'take a second card (a claim is a whole turn)' : 'choose tickets first');
      const map = mapOfTable(s);
      const route = map.route.get(action.route);
      if (!route) return illegal(`no route ${action.route} on this map`);
      if (!claimOpen(s, map, seat, route)) {
        const tracks = map.pairTracks.get(route.pair) ?? [];
        if (s.claims[String(route.id)] !== undefined) return illegal(`route ${route.id} is already claimed`);
        if (p.trainsLeft < route.length) return illegal(`route ${route.id} needs ${route.length} trains; ${p.trainsLeft} left`);
        if (tracks.some((id) => s.claims[String(id)] === seat)) return illegal(`you already hold a track between ${route.from} and ${route.to}`);
        return illegal(`only ${usableTracks(s.options.players, tracks.length)} of the ${tracks.length} tracks between ${route.from} and ${route.to} may be used with ${s.options.players} players`);
      }
      const pay = fullPayment(action.pay);
      if (!isExactPayment(route, pay)) return illegal(`those cards do not pay route ${route.id} exactly`);
      if (!affordable(p.hand, pay)) return illegal('you do not hold those cards');
      return null;
    }
    case 'drawTickets':
      if (decision.kind !== 'turn') return illegal('tickets can only be drawn as a whole turn');
      if (s.ticketDeck.length === 0) return illegal('the ticket deck is empty');
      return null;
    case 'pass': {
      if (decision.kind !== 'turn') return illegal('there is something to do');
      const legal = legalActions(s, seat);
      if (legal.length !== 1 || legal[0].type !== 'pass') return illegal('passing is only allowed when no other action is possible');
      return null;
    }
  }
}

/** Carries out a checked action in place. `events` may be null where nobody reads them (simulations). */
export function runAction(s: GameState, seat: Seat, action: Action, events: GameEvent[] | null): void {
  const p = s.players[seat];
  switch (action.type) {
    case 'keepTickets': {
      const offer = p.offer ?? [];
      const keep = offer.filter((id) => action.keep.includes(id));
      const back = offer.filter((id) => !action.keep.includes(id));
      p.tickets.push(...keep);
      p.offer = null;
      events?.push({ type: 'ticketsKept', seat, kept: keep.length, returned: back.length });
      if (s.turn.step === 'setup') {
        s.setupReturns[seat] = back;
        if (s.players.every((x) => x.offer === null)) {
          // Everyone has chosen: the returned tickets go under the deck in seat order.
          for (const list of s.setupReturns) for (const id of list) s.ticketDeck.unshift(id);
          s.setupReturns = s.players.map(() => []);
          s.turn = { seat: s.turn.seat, number: 1, step: 'turn' };
        }
      } else {
        for (const id of back) s.ticketDeck.unshift(id);
        endTurn(s, events, false);
      }
      return;
    }
    case 'drawFaceUp': {
      const slot = s.display.indexOf(action.card);
      s.display[slot] = null;
      p.hand[action.card] += 1;
      s.display[slot] = drawCard(s, events);
      events?.push({ type: 'drewFaceUp', seat, card: action.card });
      afterDraw(s, events, action.card === 'loco');
      return;
    }
    case 'drawBlind': {
      const card = drawCard(s, events);
      if (card !== null) p.hand[card] += 1;
      events?.push({ type: 'drewBlind', seat });
      afterDraw(s, events, false);
      return;
    }
    case 'claim': {
      const route = mapOfTable(s).route.get(action.route)!;
      const pay = fullPayment(action.pay);
      for (const c of CARDS) {
        p.hand[c] -= pay[c];
        for (let i = 0; i < pay[c]; i++) s.discard.push(c);
      }
      s.claims[String(route.id)] = seat;
      p.trainsLeft -= route.length;
      const points = ROUTE_POINTS[route.length] ?? 0;
      p.routePoints += points;
      if (events !== null) {
        // A copy in card order, as the zod parse would give it: the action may be the caller's own object.
        const paid: Payment = {};
        for (const c of CARDS) if (action.pay[c] !== undefined) paid[c] = action.pay[c];
        events.push({ type: 'claimed', seat, route: route.id, paid, points });
      }
      if (route.drawBonus > 0) {
        let drawn = 0;
        for (let i = 0; i < route.drawBonus; i++) {
          const card = drawCard(s, events);
          if (card === null) break;
          p.hand[card] += 1;
          drawn++;
        }
        events?.push({ type: 'bonusDraw', seat, wanted: route.drawBonus, drawn });
      }
      endTurn(s, events, false);
      return;
    }
    case 'drawTickets': {
      const offer: number[] = [];
      for (let i = 0; i < 3 && s.ticketDeck.length > 0; i++) offer.push(s.ticketDeck.pop()!);
      p.offer = offer;
      s.turn.step = 'keepTickets';
      events?.push({ type: 'drewTickets', seat, count: offer.length });
      return;
    }
    case 'pass':
      events?.push({ type: 'passed', seat });
      endTurn(s, events, true);
      return;
  }
}

/** After a drawn card: the turn ends on a face-up locomotive, after the second card, or when no second card can be had. */
function afterDraw(s: GameState, events: GameEvent[] | null, faceUpLocomotive: boolean): void {
  if (s.turn.step === 'turn' && !faceUpLocomotive && canDrawSecond(s)) {
    s.turn.step = 'secondCard';
    return;
  }
  endTurn(s, events, false);
}

function canDrawSecond(s: GameState): boolean {
  return blindDrawable(s) > 0 || s.display.some((c) => c !== null && c !== 'loco');
}

function endTurn(s: GameState, events: GameEvent[] | null, passed: boolean): void {
  const n = s.players.length;
  const seat = s.turn.seat;
  s.passesInARow = passed ? s.passesInARow + 1 : 0;
  if (s.finalTurnsLeft !== null) {
    s.finalTurnsLeft -= 1;
    if (s.finalTurnsLeft <= 0) return finish(s, events, 'trains');
  } else if (s.players[seat].trainsLeft <= 2) {
    // Everyone, this seat included, has one more turn.
    s.endTriggeredBy = seat;
    s.finalTurnsLeft = n;
    events?.push({ type: 'finalRound', seat, trainsLeft: s.players[seat].trainsLeft });
  }
  if (s.passesInARow >= n) return finish(s, events, 'passes');
  refillDisplay(s, events);
  s.turn = { seat: (seat + 1) % n, number: s.turn.number + 1, step: 'turn' };
}

function finish(s: GameState, events: GameEvent[] | null, reason: EndReason): void {
  s.gameOver = true;
  s.result = { reason };
  s.turn.step = 'turn';
  events?.push({ type: 'gameOver', reason });
}
