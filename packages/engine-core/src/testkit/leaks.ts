/**
 * The leak scan: a view must contain none of the secrets its viewer may not see. The view is searched as it
 * goes on the wire, serialized, keys included, so that a secret hiding in a field name, a log line or a
 * nested copy is found as surely as one in a plain field.
 */
import type { Viewer } from '../definition';

/** Something one viewer must not see. */
export interface Secret {
  /** Words for it in a failure message ("seat 2's hand card", "the seed"). */
  what: string;
  /** Its text. */
  value: string;
  /**
   * 'whole' (the default): found when a string of the view, a value or a key, is exactly `value` (card ids:
   * "c1" must not be found inside "c12"). 'part': found anywhere in the serialized view, inside other text
   * too (a seed or a generator key, which no text of a view may carry).
   */
  match?: 'whole' | 'part';
}

/** The secrets found in `view` (none: the view is clean). */
export function findLeaks(view: unknown, secrets: readonly Secret[]): Secret[] {
  if (secrets.length === 0) return [];
  const text = JSON.stringify(view);
  // The JSON text round-tripped: exactly the strings a client receives (undefined fields and functions dropped).
  const strings = new Set<string>();
  collectStrings(JSON.parse(text), strings);
  return secrets.filter((s) => (s.match === 'part' ? s.value !== '' && text.includes(s.value) : strings.has(s.value)));
}

/** Throws, naming every secret found and the viewer, when `view` carries any of `secrets`. */
export function assertNoLeaks(view: unknown, secrets: readonly Secret[], viewer?: Viewer): void {
  const found = findLeaks(view, secrets);
  if (found.length === 0) return;
  const who = viewer === undefined ? 'the view' : `the view of ${viewer === 'spectator' ? 'a spectator' : `seat ${viewer}`}`;
  const list = found.slice(0, 10).map((s) => `${s.what} (${JSON.stringify(s.value)})`).join(', ');
  throw new Error(`leak: ${who} shows ${list}${found.length > 10 ? ` and ${found.length - 10} more` : ''}`);
}

/**
 * Scans the views of `viewers` of one state: `secretsFor` says, from the full state, what each viewer must
 * not see. `view` is the game's view function (a definition's `view`).
 */
export function assertViewsHide<S>(
  state: S, view: (s: S, viewer: Viewer) => unknown, viewers: readonly Viewer[], secretsFor: (s: S, viewer: Viewer) => readonly Secret[],
): void {
  for (const viewer of viewers) assertNoLeaks(view(state, viewer), secretsFor(state, viewer), viewer);
}

function collectStrings(v: unknown, out: Set<string>): void {
  if (typeof v === 'string') out.add(v);
  else if (Array.isArray(v)) for (const x of v) collectStrings(x, out);
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      collectStrings(x, out);
    }
  }
}
