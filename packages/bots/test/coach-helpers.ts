import {
  applyAction, createGame, currentDecision, playerView, type Action, type GameOptions, type GameState,
} from '@isle-of-trains/rules';
import { createBot, type BotLevel, type PublicHistoryEntry, type RecordedGame } from '@isle-of-trains/bots';

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
