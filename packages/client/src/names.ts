/**
 * The one rule for every name a person gives: a seat's name in create and join options, and a guest's or an
 * account's display name (`POST /api/players`, `POST /api/me/name`). Clients and the server both check with
 * `checkName`, so a name one accepts the other accepts too.
 *
 * - It is text (anything else is refused, never turned into "null" or "[object Object]").
 * - It is normalised to NFC, so a decomposed "Zoë" (e + U+0308) and the precomposed one are the same name.
 * - Runs of spaces, tabs and line breaks become one space; leading and trailing ones go.
 * - It is letters with their combining marks (नमस्ते, Zoë), digits, spaces and `. _ ' ’ -`, and starts with a
 *   letter or digit; a mark follows a letter (at most MAX_MARKS in a row, so no "Zalgo" text spills over
 *   the lines around it).
 * - Invisible characters are refused, not silently removed: controls, formatting characters (among them
 *   the bidirectional overrides such as U+202E, which make a name display reversed and can dress it up as
 *   another one) and the characters Unicode says to draw as nothing (Hangul fillers, variation selectors).
 *   The one exception is the zero-width (non-)joiner inside a word, between two letters, which Persian and
 *   the Indic scripts need to spell some names.
 * - At most NAME_MAX_CHARS UTF-16 code units: the length a JavaScript string reports, which the game's
 *   records (the rules' names of up to 40) and every client's layout can rely on.
 */

/** Longest name, in UTF-16 code units (`string.length`). */
export const NAME_MAX_CHARS = 24;
/** Most combining marks in a row on one letter. */
export const MAX_MARKS = 4;

export type NameCheck = { ok: true; name: string } | { ok: false; problem: string };

const SPACES = /[\p{Zs}\t\n\r\f\v]+/gu;
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const ALLOWED = /^[\p{L}\p{M}\p{N} ._'’-]$/u;
const MARK = /^\p{M}$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Zero-width non-joiner and joiner: allowed between two letters (a mark counts with its letter). */
const JOINERS = new Set(['\u200c', '\u200d']);
const WORD = /^[\p{L}\p{M}]$/u;

const codePoint = (ch: string): string => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The name as it is kept (normalised), or what is wrong with it, in words a person understands. */
export function checkName(value: unknown): NameCheck {
  if (typeof value !== 'string') return { ok: false, problem: `a name must be text, not ${kindOf(value)}` };
  // Far too long to be a name: refuse before normalising (which costs time in the length).
  if (value.length > 20 * NAME_MAX_CHARS) return { ok: false, problem: `a name is at most ${NAME_MAX_CHARS} characters` };
  const name = value.normalize('NFC').replace(SPACES, ' ').trim();
  if (name.length === 0) return { ok: false, problem: 'a name cannot be empty' };
  let marks = 0;
  let previous = '';
  const chars = [...name];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (JOINERS.has(ch) && WORD.test(previous) && WORD.test(chars[i + 1] ?? '')) {
      previous = ch;
      marks = 0;
      continue;
    }
    if (INVISIBLE.test(ch)) {
      return { ok: false, problem: `a name cannot contain ${codePoint(ch)}, an invisible control or formatting character (such as one that reverses the text direction)` };
    }
    if (!ALLOWED.test(ch)) return { ok: false, problem: `a name is letters (with their accents and marks), digits, spaces and . _ ' -, not "${ch}" (${codePoint(ch)})` };
    if (MARK.test(ch)) {
      if (previous === '' || !(LETTER_OR_DIGIT.test(previous) || MARK.test(previous))) {
        return { ok: false, problem: `a combining mark (${codePoint(ch)}) must follow a letter` };
      }
      if (++marks > MAX_MARKS) return { ok: false, problem: `a letter carries at most ${MAX_MARKS} combining marks` };
    } else marks = 0;
    previous = ch;
  }
  if (!LETTER_OR_DIGIT.test(String.fromCodePoint(name.codePointAt(0)!))) return { ok: false, problem: 'a name starts with a letter or a digit' };
  if (name.length > NAME_MAX_CHARS) return { ok: false, problem: `a name is at most ${NAME_MAX_CHARS} characters` };
  return { ok: true, name };
}
