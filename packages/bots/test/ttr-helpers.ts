/** Shared helpers for the second game's bot tests. */
import { emptyHand, ttrGame, type Action, type GameState, type GameView } from '@isle-of-trains/ttr-rules';
import { createTtrBot, type TtrBot, type TtrBotLevel } from '@isle-of-trains/bots';

export function ttrBots(levels: readonly TtrBotLevel[], tag: string): TtrBot[] {
  return levels.map((level, i) => createTtrBot(level, { seed: `${tag}:${i}` }));
}

/** Applies an action that must be accepted. */
export function must(s: GameState, seat: number, action: Action): GameState {
  const r = ttrGame.apply(s, seat, action);
  if (!r.ok) throw new Error(`${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message}`);
  return r.state;
}

/** A game past the opening ticket choice, every seat keeping its first two tickets. */
export function opened(players: number, seed: string): GameState {
  let s = ttrGame.setup({ players, seed });
  for (const d of ttrGame.pending(s)) s = must(s, d.seat, { type: 'keepTickets', keep: s.players[d.seat].offer!.slice(0, 2) });
  return s;
}

/** The acting seat's view of a state. */
export function viewOf(s: GameState, seat: number): GameView {
  return ttrGame.view(s, seat);
}

/** A copy of `s` in which `seat` holds exactly `hand` (the other cards are not conserved: for bot decisions only). */
export function withHand(s: GameState, seat: number, hand: Partial<ReturnType<typeof emptyHand>>): GameState {
  const c = JSON.parse(JSON.stringify(s)) as GameState;
  c.players[seat].hand = { ...emptyHand(), ...hand };
  return c;
}
