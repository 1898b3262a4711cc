import type { TtrBotInput } from './types';

/**
 * Runtime half of the "bots see only a view" rule for the second game: the types already refuse a full
 * state, and this refuses one smuggled past them (through `any` or JSON), a spectator's view, and a view
 * that belongs to another seat.
 */
export function assertTtrBotInput(input: TtrBotInput): void {
  const v = input?.view as unknown as { kind?: unknown; viewer?: unknown } | undefined;
  if (!v || typeof v !== 'object') throw new Error('bot input needs a player view');
  if (v.kind === 'state') throw new Error('bots must never be given the full game state: pass ttrGame.view(state, seat)');
  if (v.kind !== 'view') throw new Error(`bot input view has kind ${String(v.kind)}; expected 'view'`);
  if (v.viewer !== input.seat) throw new Error(`this view belongs to ${String(v.viewer)}, not seat ${String(input.seat)}`);
}
