/**
 * A log line's short form on the wire: the number of one of the game's line templates and the words that
 * differ, instead of the whole sentence. A line is in nearly every patch and its words were most of it
 * (~85 of a patch's bytes per client per action, nearly all of them the same sentences again with another
 * card or place in them).
 *
 * A template is a line's words with holes: `{s}` the name of the seat the line is about, `{n}` the name of
 * another seat (sent as its seat number), `{}` any words (sent as they are; a whole number as a number).
 * The server writes a line short only when a template, filled with what it sends, gives back its words
 * exactly; any other line (a room's own notices, a line no template fits, a name the game does not hold)
 * travels whole. So the short form never changes what a client reads, whichever templates it knows.
 *
 * The names come from the room state's `game.players[].name` on both ends: the server fills the state's
 * log with the names it mirrors, and a client decodes with the names it decoded. They do not change
 * during a game.
 *
 * A game's template list is append-only: a line's template is its position in the list.
 */

/** A template: the line's `type` and its words with holes (`{s}`, `{n}`, `{}`). */
export type LogTemplate = readonly [type: string, words: string];

/** What encoding and decoding a game's lines need: its templates and the seats' names. */
export interface LogCodec {
  templates: readonly LogTemplate[];
  names: readonly string[];
}

type Hole = 's' | 'n' | '';

interface Compiled {
  k: number;
  re: RegExp;
  holes: Hole[];
}

interface Parsed {
  /** The words between holes: one more than the holes. */
  parts: string[];
  holes: Hole[];
}

const parsedCache = new WeakMap<readonly LogTemplate[], Parsed[]>();
const byTypeCache = new WeakMap<readonly LogTemplate[], Map<string, Compiled[]>>();

function parsed(list: readonly LogTemplate[]): Parsed[] {
  let out = parsedCache.get(list);
  if (!out) {
    out = list.map(([, words]) => {
      const pieces = words.split(/\{(s|n|)\}/);
      const parts: string[] = [];
      const holes: Hole[] = [];
      pieces.forEach((p, i) => (i % 2 === 0 ? parts.push(p) : holes.push(p as Hole)));
      return { parts, holes };
    });
    parsedCache.set(list, out);
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function byType(list: readonly LogTemplate[]): Map<string, Compiled[]> {
  let map = byTypeCache.get(list);
  if (!map) {
    map = new Map();
    const ps = parsed(list);
    list.forEach(([type], k) => {
      const { parts, holes } = ps[k];
      const re = new RegExp(`^${parts.map(escape).join('([\\s\\S]*?)')}$`);
      const entry: Compiled = { k, re, holes };
      const of = map!.get(type);
      if (of) of.push(entry); else map!.set(type, [entry]);
    });
    byTypeCache.set(list, map);
  }
  return map;
}

/** A hole's words as they are sent: a whole number (as JSON writes it back) as a number, anything else as text. */
const WHOLE = /^(0|[1-9][0-9]{0,8})$/;

/** Longer lines are sent whole (no line of the rules comes near; the holes' search stays short). */
const MAX_SHORT = 400;

/**
 * A line as it travels: `[n, seat, template, ...holes]` when a template of `codec` gives back its words
 * exactly, else `[n, seat, type, text]`.
 */
export function encodeLogLine(line: { n: number; seat: number; type: string; text: string }, codec: LogCodec | undefined): string {
  if (codec && line.text.length <= MAX_SHORT) {
    const candidates = byType(codec.templates).get(line.type);
    if (candidates) {
      for (const c of candidates) {
        const m = c.re.exec(line.text);
        if (!m) continue;
        const out: (string | number)[] = [line.n, line.seat, c.k];
        let ok = true;
        for (let i = 0; i < c.holes.length && ok; i++) {
          const words = m[i + 1];
          const hole = c.holes[i];
          if (hole === 's') ok = words !== '' && codec.names[line.seat] === words;
          else if (hole === 'n') {
            const seat = words === '' ? -1 : codec.names.indexOf(words);
            if (seat < 0) ok = false; else out.push(seat);
          } else out.push(WHOLE.test(words) ? Number(words) : words);
        }
        if (ok) return JSON.stringify(out);
      }
    }
  }
  return JSON.stringify([line.n, line.seat, line.type, line.text]);
}

/**
 * The type and words of a short line's template `k` filled with `args`, or null when the line does not fit
 * the template (an unknown template, a hole without its words, a seat without a name).
 */
export function decodeLogLine(seat: number, k: number, args: readonly unknown[], codec: LogCodec | undefined): { type: string; text: string } | null {
  if (!codec || !Number.isInteger(k) || k < 0 || k >= codec.templates.length) return null;
  const { parts, holes } = parsed(codec.templates)[k];
  const name = (s: unknown) => (typeof s === 'number' && Number.isInteger(s) && s >= 0 && typeof codec.names[s] === 'string' ? codec.names[s] : null);
  let text = parts[0];
  let a = 0;
  for (let i = 0; i < holes.length; i++) {
    let words: string | null;
    if (holes[i] === 's') words = name(seat);
    else {
      const v = args[a++];
      if (holes[i] === 'n') words = name(v);
      else words = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;
    }
    if (words === null) return null;
    text += words + parts[i + 1];
  }
  if (a !== args.length) return null;
  return { type: codec.templates[k][0], text };
}

/**
 * Isle of Trains' line templates: the words of the rules' events (packages/rules/src/apply.ts). The
 * client's tests play seeded games and hold every event line to one of these; a line the rules word
 * differently one day still travels, whole, until its template is added here (at the end).
 */
export const ISLE_LOG_TEMPLATES: readonly LogTemplate[] = [
  ['turn', "{s}'s turn."],
  ['turn', "{s}'s turn (final turn)."],
  ['take', '{s} took {} from the display.'],
  ['take', '{s} took a card from the deck.'],
  ['build', '{s} built {} for 1 card.'],
  ['build', '{s} built {} for {} cards.'],
  ['scrap', '{s} scrapped {} to make room.'],
  ['load', '{s} loaded a card face down into their own {}.'],
  ['load', "{s} loaded a card face down into {n}'s {}."],
  ['load', '{s} loaded {} as {} into their own {}.'],
  ['load', "{s} loaded {} as {} into {n}'s {}."],
  ['load', '{s} seated a passenger for {} in their own {}.'],
  ['load', "{s} seated a passenger for {} in {n}'s {}."],
  ['deliver', '{s} makes a delivery at {}.'],
  ['draw', '{s} drew 1 card ({}).'],
  ['draw', '{s} drew {} cards ({}).'],
  ['passenger', '{s} drew a passenger for {}.'],
  ['passenger', '{s} found the passenger bag empty and took 1 VP token instead.'],
  ['progress', 'The progress train moves to space {} of {} ({}).'],
  ['progress', '{s} takes the progress train (1 VP).'],
  ['ticket', '{s} claims the ticket reward at {}: {}.'],
  ['contract', '{s} completed the primary contract at {} and took its island card.'],
  ['contract', '{s} completed a secondary contract at {} worth {} VP.'],
  ['special', '{s} made a special delivery and drew 1 card.'],
  ['special', '{s} made a special delivery and drew {} cards.'],
  ['discard', '{s} paid {} for {}.'],
  ['discard', '{s} discarded {} (load reward of {}).'],
  ['discard', '{s} discarded {} to keep {} cards.'],
  ['vp', '{s} took 1 VP token ({}).'],
  ['vp', '{s} took {} VP tokens ({}).'],
  ['bonus', '{s} declined {}.'],
  ['bonus', '{s} could not use {}, so it is lost.'],
  ['return', '{s} spent {} VP tokens to put {} back on top of the deck.'],
  ['reshuffle', 'The discard pile was shuffled to make a new deck.'],
  ['end', 'The progress train reached the end of the track: everyone takes one final turn.'],
  ['end', 'The deck and the discard pile are both empty: everyone takes one final turn.'],
  ['night', 'Night falls: {} is discarded from the deck ({} left).'],
  ['game-over', 'The game is over.'],
  ['game-over', 'Chapter {} objective complete: you win!'],
  ['game-over', 'The deck ran out before the objective was met: the chapter is lost.'],
  ['game-over', 'The deck is empty: the Challenge is over.'],
];
