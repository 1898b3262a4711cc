/** createGame: a new game from options and a seed. */
import { z } from 'zod';
import { BONUS_CARD_IDS } from './bonus';
import { emptyHand, fullDeck } from './cards';
import { builtInMap, DEFAULT_MAP_ID, mapIds, mapOf, mapRef } from './map';
import { randomInt, shuffleInPlace } from '@isle-of-trains/engine-core';
import { seedGameRng } from './rng';
import type { BonusCardId, GameOptions, GameState, PlayerState } from './types';
import { GameOptionsError, parseGameOptions } from '@isle-of-trains/engine-core';

export const RULES_VERSION = 1;
export const TRAINS_PER_PLAYER = 40;
export const OPENING_HAND = 4;
export const DISPLAY_SIZE = 5;
export const BONUS_CARDS_IN_PLAY = 4;
export const OPENING_TICKETS = 4;

export const GameOptionsSchema = z.strictObject({
  players: z.number().int().min(2).max(5),
  seed: z.string().min(1).max(200),
  names: z.array(z.string().max(40)).max(5).optional(),
  // A map id (its current version), or the exact version a stored game was played on (a replay of it).
  map: z.union([z.string(), z.strictObject({ id: z.string(), version: z.string(), sha256: z.string() })]).optional(),
});

export { GameOptionsError };

export function createGame(options: GameOptions): GameState {
  const o = parseGameOptions(GameOptionsSchema, options);
  // An exact version is found as a stored game's is: MapError when this build does not hold it.
  const map = typeof o.map === 'object' ? mapOf(o.map) : builtInMap(o.map ?? DEFAULT_MAP_ID);
  if (!map) throw new GameOptionsError(`map: no map "${String(o.map ?? DEFAULT_MAP_ID)}" (known: ${mapIds().join(', ')})`);
  const n = o.players;
  const rng = seedGameRng(o.seed);

  const deck = fullDeck();
  shuffleInPlace(rng, deck);
  const tickets = map.tickets.map((t) => t.id);
  shuffleInPlace(rng, tickets);
  const bonus: BonusCardId[] = [...BONUS_CARD_IDS];
  shuffleInPlace(rng, bonus);

  const players: PlayerState[] = [];
  for (let seat = 0; seat < n; seat++) {
    const hand = emptyHand();
    for (let i = 0; i < OPENING_HAND; i++) hand[deck.pop()!] += 1;
    const offer: number[] = [];
    for (let i = 0; i < OPENING_TICKETS; i++) offer.push(tickets.pop()!);
    players.push({ seat, name: o.names?.[seat] ?? '', trainsLeft: TRAINS_PER_PLAYER, hand, tickets: [], offer, routePoints: 0 });
  }
  const display = deck.splice(deck.length - DISPLAY_SIZE, DISPLAY_SIZE).reverse();
  const first = randomInt(rng, n);

  return {
    kind: 'state',
    version: RULES_VERSION,
    options: { players: n, seed: o.seed, names: players.map((p) => p.name), map: mapRef(map) },
    rng,
    deck,
    discard: [],
    display,
    ticketDeck: tickets,
    bonusCards: bonus.slice(0, BONUS_CARDS_IN_PLAY),
    claims: {},
    players,
    turn: { seat: first, number: 0, step: 'setup' },
    setupReturns: players.map(() => []),
    passesInARow: 0,
    endTriggeredBy: null,
    finalTurnsLeft: null,
    gameOver: false,
    result: null,
  };
}
