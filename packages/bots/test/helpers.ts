import {
  applyAction, createGame, currentDecision, playerView, type Action, type GameOptions, type GameState,
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
