import {
  applyAction, createGame, currentDecision, fastRng, playerView, type Action, type GameOptions, type GameState,
} from '@isle-of-trains/rules';
import { createBot, type Bot, type BotLevel, type BotOptions, type PublicHistoryEntry } from '@isle-of-trains/bots';

export interface PlayedGame {
  state: GameState;
  decisions: number;
}

/**
 * Play a whole game with one bot per seat through the public interface
 * (view + seat + public history), failing on the first refused action.
 * `each` sees every state a bot decided in, before its action.
 */
export function playBots(options: GameOptions, bots: Bot[], each?: (s: GameState, seat: number, a: Action) => void, maxDecisions = 20000): PlayedGame {
  let s = createGame(options);
  const history: PublicHistoryEntry[] = [];
  let decisions = 0;
  while (!s.gameOver && decisions < maxDecisions) {
    const seat = currentDecision(s)!.seat;
    const action = bots[seat].chooseAction({ view: playerView(s, seat), seat, history });
    each?.(s, seat, action);
    const r = applyAction(s, seat, action);
    if (!r.ok) {
      throw new Error(`${bots[seat].level} bot (seat ${seat}, game ${options.seed}, decision ${decisions}) sent ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`);
    }
    history.push(...r.events);
    s = r.state;
    decisions++;
  }
  return { state: s, decisions };
}

export function bots(levels: BotLevel[], opts: BotOptions = {}, tag = ''): Bot[] {
  return levels.map((l, i) => createBot(l, { ...opts, seed: `${tag}:${i}` }));
}

/** Every card id in a full state, wherever it is (loads included). */
export function allCardPlaces(s: GameState): string[] {
  const out = [...s.deck, ...s.discard, ...s.display];
  for (const p of s.players) {
    out.push(...p.hand, ...p.buildings);
    for (const c of p.train) {
      out.push(c.card);
      for (const l of c.loads) if (l.kind === 'card' && l.card !== null) out.push(l.card);
    }
  }
  return out;
}

export function allPassengerPlaces(s: GameState): string[] {
  const out = [...s.bag];
  for (const p of s.players) {
    out.push(...p.supply);
    for (const c of p.train) for (const l of c.loads) if (l.kind === 'passenger') out.push(l.id);
  }
  for (const t of s.tickets) out.push(...t.filled);
  return out;
}

/** A small deterministic generator for tests. */
export function picker(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

/**
 * Another full state with the same view for `seat`: every card it cannot see (the deck, the discard pile
 * under its top card, other hands, face-down loads another seat put down) and the bag dealt differently,
 * and another game generator.
 */
export function reshuffleHidden(s: GameState, seat: number, seed: number): GameState {
  const pick = picker(seed);
  const t: GameState = JSON.parse(JSON.stringify(s));
  const slots: { get: () => string; set: (c: string) => void }[] = [];
  t.deck.forEach((_, i) => slots.push({ get: () => t.deck[i], set: (c) => { t.deck[i] = c; } }));
  t.discard.slice(0, -1).forEach((_, i) => slots.push({ get: () => t.discard[i], set: (c) => { t.discard[i] = c; } }));
  for (const p of t.players) {
    if (p.seat !== seat) p.hand.forEach((_, i) => slots.push({ get: () => p.hand[i], set: (c) => { p.hand[i] = c; } }));
    for (const car of p.train) {
      for (const l of car.loads) {
        if (l.kind === 'card' && l.faceDown && l.by !== seat && l.card !== null) {
          slots.push({ get: () => l.card!, set: (c) => { l.card = c; } });
        }
      }
    }
  }
  const cards = slots.map((x) => x.get());
  for (let i = cards.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  slots.forEach((x, i) => x.set(cards[i]));
  for (let i = t.bag.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [t.bag[i], t.bag[j]] = [t.bag[j], t.bag[i]];
  }
  t.rng = fastRng([pick(1 << 30) + 1, pick(1 << 30), pick(1 << 30), pick(1 << 30)]);
  return t;
}
