/**
 * Every bot level ends a game against opponents who never move the progress train: scripted passive
 * players who only take cards, only take passengers (a card once the bag is empty), or always play the
 * first move offered (about as close to passing as the rules allow). Before, the greedy bot far ahead of
 * such a table went round in circles (load a card, give it up as a special delivery for two cards) for
 * thousands of turns: its evaluation saw nothing to gain in finding or building the car its next contract
 * needed, and the random bot's uniform moves never lined up a contract at all.
 *
 * The bound, from the rules. The game ends when the progress train reaches space 4, 5 or 6 (2, 3, 4
 * players) or when the deck and the discard pile are both empty. Passive players never deliver, so only the
 * bot moves the train, and a passenger-hoarding table leaves it no ticket tile to fill: it has to take `th`
 * islands itself, a primary contract each (2 goods) with a secondary (at most 3 goods) before every new
 * primary. That is at most 2·th + 3·(th − 1) goods, each at most a take and a load; 2·th − 1 deliveries;
 * and a car for each of the three kinds of goods it may lack, each a take and a build: 71 actions for
 * th = 6, 36 turns of two actions. The bot is a one-turn heuristic that plays for points until its lead is
 * clear, not a planner, so it gets three times that many turns, plus the final round. The random bot plays
 * uniform moves for its first 40 turns per seat and only greedy ones from 80 on (randomEndgamePull), so
 * it gets 80 turns more.
 */
import {
  applyAction, createGame, currentDecision, legalActions, playerView, CATALOGUE, type Action, type GameState,
} from '@isle-of-trains/rules';
import { createBot, type Bot, type BotLevel } from '@isle-of-trains/bots';

type Passive = 'takeCards' | 'takePassengers' | 'firstMove';

function passiveMove(s: GameState, seat: number, kind: Passive): Action {
  const legal = legalActions(playerView(s, seat), seat);
  const find = (f: (a: Action) => boolean) => legal.find(f);
  const discard = find((a) => a.type === 'discard');
  if (kind === 'takeCards') return find((a) => a.type === 'take' && a.from !== 'bag') ?? discard ?? legal[0];
  if (kind === 'takePassengers') return find((a) => a.type === 'take' && a.from === 'bag') ?? find((a) => a.type === 'take') ?? discard ?? legal[0];
  return legal[0];
}

/** Own turns the rules-derived budget allows a bot that must move the progress train `th` times alone. */
function turnBudget(th: number, level: BotLevel): number {
  const goods = 2 * th + 3 * (th - 1);
  const actions = 2 * goods + (2 * th - 1) + 3 * 2;
  const turns = Math.ceil(actions / CATALOGUE.actionsPerTurn);
  return 3 * turns + 1 + (level === 'random' ? 80 : 0);
}

function playAgainstPassive(level: BotLevel, players: number, kind: Passive, seed: string): { state: GameState; botTurns: number } {
  let s = createGame({ players, seed });
  // The bot sits in a different seat from deal to deal.
  const botSeat = seed.length % players;
  const bot: Bot = createBot(level, { seed: `passive:${seed}`, iterations: 3 });
  const th = CATALOGUE.progressThresholds[String(players)];
  // A safety stop well past the bound, so a failure reports instead of hanging.
  const maxTurns = (turnBudget(th, level) + 20) * players;
  while (!s.gameOver && s.turn.number <= maxTurns) {
    const d = currentDecision(s)!;
    const a = d.seat === botSeat
      ? bot.chooseAction({ view: playerView(s, d.seat), seat: d.seat, history: [] })
      : passiveMove(s, d.seat, kind);
    const r = applyAction(s, d.seat, a);
    if (!r.ok) throw new Error(`${level} at seat ${d.seat} (${seed}): ${a.type} refused: ${r.error.code}`);
    s = r.state;
  }
  return { state: s, botTurns: Math.ceil(s.turn.number / players) };
}

const cases: [BotLevel, number, Passive, string][] = [];
for (const level of ['random', 'greedy', 'strong'] as BotLevel[]) {
  for (const players of [2, 3, 4]) {
    for (const kind of ['takeCards', 'takePassengers', 'firstMove'] as Passive[]) {
      // Two deals each for the quick levels, one for the strong bot (a fixed 3 iterations per decision).
      const seeds = level === 'strong' ? ['deal-a'] : ['deal-a', 'deal-bb'];
      for (const seed of seeds) cases.push([level, players, kind, `${seed}-${players}-${kind}`]);
    }
  }
}

test.each(cases)('%s bot, %i players, passive opponents who %s: the game ends within the bound (%s)', (level, players, kind, seed) => {
  const { state, botTurns } = playAgainstPassive(level, players, kind, seed);
  const th = CATALOGUE.progressThresholds[String(players)];
  expect(state.gameOver).toBe(true);
  expect(botTurns).toBeLessThanOrEqual(turnBudget(th, level));
});
