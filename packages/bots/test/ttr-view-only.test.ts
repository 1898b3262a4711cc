/**
 * The second game's bots never read hidden information: they are handed only a seat's view (a full state
 * does not compile, and the guard refuses one at run time, as it refuses a spectator's view or another
 * seat's), and two tables that differ only in what the seat cannot see get the same answer.
 */
import { ttrGame, type GameState } from '@isle-of-trains/ttr-rules';
import { assertTtrBotInput, createTtrBot, ttrChooseAction, TTR_BOT_LEVELS, type TtrBotInput } from '@isle-of-trains/bots';
import { playTtrGame } from '../arena/ttr-play';
import { ttrBots } from './ttr-helpers';

const state: GameState = ttrGame.setup({ players: 3, seed: 'view-only' });

describe('second game bots see only a player view', () => {
  it('refuses a full state at the type level', () => {
    // @ts-expect-error a full GameState is not a GameView (kind 'state': hands, tickets and deck order inside)
    const bad: TtrBotInput = { view: state, seat: 0, history: [] };
    expect(bad.seat).toBe(0);
    // @ts-expect-error nor can one be passed straight to ttrChooseAction
    expect(() => ttrChooseAction({ view: state, seat: 0, history: [] })).toThrow(/full game state/);
  });

  it.each(TTR_BOT_LEVELS)('%s bot throws when handed the full state, a spectator view or another seat\'s view', (level) => {
    const bot = createTtrBot(level, { seed: 1 });
    expect(() => bot.chooseAction({ view: state as unknown as TtrBotInput['view'], seat: 0, history: [] })).toThrow(/full game state/);
    expect(() => bot.chooseAction({ view: ttrGame.view(state, 'spectator'), seat: 0, history: [] })).toThrow(/belongs to spectator/);
    expect(() => bot.chooseAction({ view: ttrGame.view(state, 1), seat: 0, history: [] })).toThrow(/belongs to 1, not seat 0/);
    expect(() => assertTtrBotInput({ view: null as never, seat: 0, history: [] })).toThrow(/needs a player view/);
    expect(bot.chooseAction({ view: ttrGame.view(state, 0), seat: 0, history: [] }).type).toBe('keepTickets');
  });

  it.each(TTR_BOT_LEVELS)('%s bot answers alike on two tables that differ only in what its seat cannot see', (level) => {
    // A position in mid-game, from a game of greedy bots.
    let mid: GameState | null = null;
    let seat = -1;
    playTtrGame({ players: 3, seed: 'hidden' }, ttrBots(['greedy', 'greedy', 'greedy'], 'hidden'), (s, who) => {
      if (mid === null && s.turn.number >= 20 && s.turn.step === 'turn') {
        mid = JSON.parse(JSON.stringify(s)) as GameState;
        seat = who;
      }
    });
    const a = mid! as GameState;
    const b = JSON.parse(JSON.stringify(a)) as GameState;
    // Change what the seat cannot see: an opponent's cards traded with the deck's, the deck and ticket deck
    // reordered, the generator's key, and an opponent's ticket traded with one of the ticket deck.
    const other = (seat + 1) % 3;
    const hand = b.players[other].hand;
    const from = (Object.keys(hand) as (keyof typeof hand)[]).find((c) => hand[c] > 0)!;
    const at = b.deck.findIndex((c) => c !== from);
    hand[from] -= 1;
    hand[b.deck[at]] += 1;
    b.deck[at] = from;
    b.deck.reverse();
    b.ticketDeck.reverse();
    b.rng = { kind: 'chacha20', key: 'f'.repeat(64), position: 0 };
    [b.players[other].tickets[0], b.ticketDeck[0]] = [b.ticketDeck[0], b.players[other].tickets[0]];
    expect(JSON.stringify(b)).not.toBe(JSON.stringify(a));
    const va = ttrGame.view(a, seat);
    const vb = ttrGame.view(b, seat);
    expect(vb).toEqual(va);
    // A fixed number of worlds for the strong bot: its answer then depends on the view and the seed alone.
    const bot = createTtrBot(level, { seed: 'same', iterations: 6 });
    expect(bot.chooseAction({ view: vb, seat, history: [] })).toEqual(bot.chooseAction({ view: va, seat, history: [] }));
  });
});
