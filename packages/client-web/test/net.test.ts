import { IsleError } from '@isle-of-trains/client';
import { createOptions, failureText, gamesInPlay, openGames, ttrCreateOptions, type ListedGame } from '../src/shell/net';

const listed = (roomId: string, meta: Partial<ListedGame['metadata']>): ListedGame => ({
  roomId, clients: 1, maxClients: 2,
  metadata: { game: 'isle', seats: 2, freeSeats: 1, humans: 1, bots: 0, mode: 'multiplayer', scenario: 0, phase: 'lobby', botLevel: 'greedy', turnTimeLimit: 0, creator: 'Ada', rated: false, ...meta },
});

describe('net helpers', () => {
  it('sends the server only the options it accepts (mode and chapter for solo games only)', () => {
    const base = { name: 'Ada', bots: 1, botLevel: 'strong', private: true, turnTimeLimit: 60, mode: 'multiplayer' as const, scenario: 0 };
    expect(createOptions({ ...base, seats: 3 })).toEqual({ name: 'Ada', seats: 3, bots: 1, botLevel: 'strong', private: true, turnTimeLimit: 60 });
    expect(createOptions({ ...base, seats: 1, mode: 'scenario', scenario: 7 })).toMatchObject({ seats: 1, bots: 0, mode: 'scenario', scenario: 7 });
    expect(createOptions({ ...base, seats: 1, mode: 'challenge', scenario: 0 })).not.toHaveProperty('scenario');
  });

  it('sends the second game the bot level chosen, the strong one included', () => {
    const base = { name: 'Ada', seats: 3, bots: 2, private: false, turnTimeLimit: 0, mode: 'multiplayer' as const, scenario: 0 };
    for (const level of ['random', 'greedy', 'strong']) expect(ttrCreateOptions({ ...base, botLevel: level }).botLevel).toBe(level);
    expect(ttrCreateOptions({ ...base, botLevel: 'expert' }).botLevel).toBe('greedy');
  });

  it('lists only multiplayer games still waiting for players', () => {
    const list = [listed('a', {}), listed('b', { phase: 'playing', freeSeats: 0 }), listed('c', { freeSeats: 0 }), listed('d', { seats: 1 })];
    expect(openGames(list).map((g) => g.roomId)).toEqual(['a']);
  });

  it('lists multiplayer games in play to watch', () => {
    const list = [listed('a', {}), listed('b', { phase: 'playing', freeSeats: 0 }), listed('c', { phase: 'ended' }), listed('d', { seats: 1, phase: 'playing' })];
    expect(gamesInPlay(list).map((g) => g.roomId)).toEqual(['b']);
  });

  it('turns failures into plain words', () => {
    expect(failureText(new Error('room "x" is locked'))).toBe('That game is full or has already started.');
    expect(failureText(new Error('BAD_OPTIONS: bots: at least one seat must be left for a human'))).toBe('The server refused those settings: bots: at least one seat must be left for a human');
    expect(failureText(new IsleError('BAD_CODE', 'that code does not belong to this room'))).toBe('That code does not match the game.');
  });
});
