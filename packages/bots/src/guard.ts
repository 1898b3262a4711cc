import type { BotInput } from './types';

/**
 * Runtime half of the "bots see only a view" rule: the types already refuse a
 * GameState, and this refuses one smuggled past them (e.g. through `any`).
 */
export function assertBotInput(input: BotInput): void {
  const v = input?.view as unknown as { kind?: unknown; viewer?: unknown } | undefined;
  if (!v || typeof v !== 'object') throw new Error('bot input needs a player view');
  if (v.kind === 'state') throw new Error('bots must never be given the full game state: pass playerView(state, seat)');
  if (v.kind !== 'view') throw new Error(`bot input view has kind ${String(v.kind)}; expected 'view'`);
  if (v.viewer !== input.seat) throw new Error(`this view belongs to ${String(v.viewer)}, not seat ${input.seat}`);
}
