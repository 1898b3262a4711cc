/** Replay: a game's seed (inside its options) and its action log give back the identical state. */
import type { GameDefinition, SetupOptions, SimulatorBase, Decision } from '../definition';

/** One accepted action of a game's log. */
export interface LoggedAction<A = unknown> {
  seat: number;
  action: A;
}

/** A game definition as the test kit uses it: its decision, event, simulator and score types are left open. */
export type Definition<S extends { kind: 'state' }, V extends { kind: 'view' }, A, O extends SetupOptions> =
  GameDefinition<S, V, A, O, Decision, unknown, SimulatorBase<S>, unknown>;

/**
 * Deals a game from `options` and applies every logged action in order, through the definition's public
 * `apply` (which checks each one as if it came from a client). Throws, naming the action, when one is refused:
 * a log that no longer replays means the rules changed under it.
 */
export function replay<S extends { kind: 'state' }, V extends { kind: 'view' }, A, O extends SetupOptions>(
  def: Definition<S, V, A, O>, options: O, actions: readonly LoggedAction[],
): S {
  let s = def.setup(options);
  actions.forEach(({ seat, action }, i) => {
    // Each action goes in as JSON, as a stored log gives it back: no object shared with the original game.
    const r = def.apply(s, seat, JSON.parse(JSON.stringify(action)));
    if (!r.ok) throw new Error(`replay: action ${i} of ${actions.length} (seat ${seat}, ${JSON.stringify(action)}) was refused: ${r.error.code} ${r.error.message}`);
    s = r.state;
  });
  return s;
}

/** Replays the log and throws unless the result is `expected`, byte for byte as JSON. */
export function assertReplays<S extends { kind: 'state' }, V extends { kind: 'view' }, A, O extends SetupOptions>(
  def: Definition<S, V, A, O>, options: O, actions: readonly LoggedAction[], expected: S,
): void {
  const got = JSON.stringify(replay(def, options, actions));
  const want = JSON.stringify(expected);
  if (got !== want) throw new Error(`replay: ${def.id} seed ${JSON.stringify(options.seed)} and ${actions.length} actions gave a different state${firstDifference(got, want)}`);
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return ` (first difference at character ${i}: …${a.slice(Math.max(0, i - 40), i + 40)}… instead of …${b.slice(Math.max(0, i - 40), i + 40)}…)`;
}
