/** The bots' own randomness: engine-core's fast generator, seeded per decision from the bot's seed and where the game stands. */
import { fastRng, type RngState } from '@isle-of-trains/engine-core';
import { hashString } from '../random';
import type { TtrBotInput } from './types';

/** A generator for one decision: repeated calls in one game differ, and a replay of the game gives the same draws. */
export function decisionRng(input: TtrBotInput, seed: number | string | undefined): RngState {
  const v = input.view;
  const where = `${input.seat}|${v.turn.number}|${v.turn.step}|${v.deckCount}|${v.discardCount}|${v.ticketDeckCount}|${input.history.length}`;
  const h = hashString(`${String(seed ?? 0)}#ttr#${where}`);
  return fastRng([h, hashString(`${h}:1`), hashString(`${h}:2`), hashString(`${h}:3`)]);
}
