/** The random bot: a uniformly random legal action of the seat, read from its view. */
import { legalActions, type Action } from '@isle-of-trains/ttr-rules';
import { randomInt } from '@isle-of-trains/engine-core';
import { assertTtrBotInput } from './guard';
import { decisionRng } from './seed';
import type { TtrBotInput, TtrBotOptions } from './types';

export function ttrRandomChoice(input: TtrBotInput, options: TtrBotOptions = {}): Action {
  assertTtrBotInput(input);
  // `pass` is listed only when nothing else is, so a uniform pick never passes while it could play.
  const legal = legalActions(input.view, input.seat);
  if (legal.length === 0) throw new Error(`seat ${input.seat} has no decision to make`);
  return legal[randomInt(decisionRng(input, options.seed), legal.length)];
}
