import {
  applyAction, createGame, currentDecision, fastRng, playerView, type Action, type GameOptions, type GameState,
} from '@isle-of-trains/rules';
import { createBot, type BotLevel, type PublicHistoryEntry, type RecordedGame } from '@isle-of-trains/bots';
import { picker } from './helpers';

/**
 * Play a game between bots and record it as the server does (options and every action). `override` may
 * replace a seat's move: it gets the state and the bot's choice and returns the move to play.
 */
export function recordGame(
  options: GameOptions, levels: BotLevel[], tag: string,
  override?: (s: GameState, seat: number, chosen: Action, index: number) => Action,
): RecordedGame {
  const bots = levels.map((l, i) => createBot(l, { seed: `${tag}:${i}`, iterations: 4 }));
  let s = createGame(options);
  const actions: { seat: number; action: Action }[] = [];
  const history: PublicHistoryEntry[] = [];
  while (!s.gameOver && actions.length < 3000) {
    const seat = currentDecision(s)!.seat;
    let action = bots[seat].chooseAction({ view: playerView(s, seat), seat, history });
    if (override) action = override(s, seat, action, actions.length);
    const r = applyAction(s, seat, action);
    if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
    history.push(...r.events);
    actions.push({ seat, action });
    s = r.state;
  }
  if (!s.gameOver) throw new Error('the game did not end');
  return { options, actions };
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
