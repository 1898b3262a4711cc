/** createGame: deal a new game from options and a seed. */
import { z } from 'zod';
import { CARDS, CATALOGUE, DESTINATIONS, ISLANDS, PASSENGERS, RESEARCH_STATION, SCENARIOS, TICKETS } from './catalogue';
import { randomInt, seedRng, shuffleInPlace } from '@isle-of-trains/engine-core';
import { researchInGame } from './table';
import type { GameOptions, GameState, PlayerState } from './types';
import { GameOptionsError, parseGameOptions } from '@isle-of-trains/engine-core';

export const GameOptionsSchema = z.object({
  players: z.number().int().min(1).max(4),
  seed: z.string().min(1).max(200),
  mode: z.enum(['challenge', 'scenario']).optional(),
  scenario: z.number().int().min(1).max(10).optional(),
  names: z.array(z.string().max(40)).max(4).optional(),
}).strict().superRefine((o, ctx) => {
  if (o.players > 1 && (o.mode !== undefined || o.scenario !== undefined)) {
    ctx.addIssue({ code: 'custom', message: 'mode and scenario are only for solo games (players: 1)' });
  }
  if (o.mode === 'scenario' && o.scenario === undefined) {
    ctx.addIssue({ code: 'custom', message: 'a scenario game needs a chapter number 1–10 in "scenario"' });
  }
  if (o.mode !== 'scenario' && o.scenario !== undefined) {
    ctx.addIssue({ code: 'custom', message: '"scenario" needs mode "scenario"' });
  }
});

export { GameOptionsError };

export function createGame(options: GameOptions): GameState {
  const o: GameOptions = { ...parseGameOptions(GameOptionsSchema, options) };
  if (o.players === 1 && o.mode === undefined) o.mode = 'challenge';
  const n = o.players;
  const rng = seedRng(o.seed);
  const scenario = o.mode === 'scenario' ? SCENARIOS.find((s) => s.chapter === o.scenario) ?? null : null;

  const engines = CARDS.filter((c) => c.kind === 'engine-1').map((c) => c.id).slice(0, n);
  const deck = CARDS.map((c) => c.id).filter((id) => !engines.includes(id));
  shuffleInPlace(rng, deck);

  const bag = PASSENGERS.map((p) => p.id);
  const drawPassenger = (): string => bag.splice(randomInt(rng, bag.length), 1)[0];

  const players: PlayerState[] = [];
  for (let seat = 0; seat < n; seat++) {
    players.push({
      seat,
      name: o.names?.[seat] ?? '',
      hand: [],
      train: [{ card: engines[seat], loads: [] }],
      buildings: [],
      islands: [],
      supply: [],
      vp: 0,
      delivered: {},
    });
  }
  for (let seat = 0; seat < n; seat++) {
    for (let i = 0; i < CATALOGUE.startingHand; i++) players[seat].hand.push(deck.pop()!);
  }
  const display: string[] = [];
  for (let i = 0; i < CATALOGUE.displaySize; i++) display.push(deck.pop()!);
  for (let seat = 0; seat < n; seat++) {
    for (let i = 0; i < CATALOGUE.startingPassengers; i++) players[seat].supply.push(drawPassenger());
  }

  const tiles = TICKETS.map((t) => t.id);
  shuffleInPlace(rng, tiles);
  const tickets = DESTINATIONS.map((d, i) => ({ destination: d.id, tile: tiles[i], filled: [] as string[] }));

  const islandsOnMap = ISLANDS.map((i) => i.id).filter((id) => id !== RESEARCH_STATION || researchInGame(n, scenario));

  return {
    kind: 'state',
    version: 1,
    options: o,
    rng,
    deck,
    discard: [],
    display,
    bag,
    islandsOnMap,
    tickets,
    progress: 0,
    progressTrain: null,
    players,
    turn: { seat: 0, actionsLeft: CATALOGUE.actionsPerTurn, queue: [], ending: false, number: 1 },
    endTriggered: false,
    finalTurnsLeft: null,
    gameOver: false,
    result: null,
  };
}
