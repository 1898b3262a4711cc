/**
 * The one name rule (src/names.ts) that seats' names (create/join options) and guests' and accounts' display
 * names share: NFC, letters with their combining marks, digits, spaces and a little punctuation; invisible
 * control, formatting and direction characters refused; anything but text refused with a reason.
 */
import { checkName, CreateOptionsSchema, DisplayName, JoinOptionsSchema, NAME_MAX_CHARS } from '../src/protocol';

const accepted = (v: unknown) => { const r = checkName(v); return r.ok ? r.name : `refused: ${r.problem}`; };
const problem = (v: unknown) => { const r = checkName(v); return r.ok ? `accepted: ${r.name}` : r.problem; };

test('names that need combining marks are accepted, normalised to NFC', () => {
  expect(accepted('नमस्ते')).toBe('नमस्ते');
  const decomposed = 'Zoe\u0308';
  expect(decomposed).not.toBe('Zoë');
  expect(accepted(decomposed)).toBe('Zoë');
  expect(accepted('Nguyễn Thị Ánh')).toBe('Nguyễn Thị Ánh');
  expect(accepted('Nguye\u0302\u0303n')).toBe('Nguyễn');
  expect(accepted('བསྒྲུབས')).toBe('བསྒྲུབས');
  expect(accepted('O’Brien-Smith Jr.')).toBe('O’Brien-Smith Jr.');
  expect(accepted('  Ada\n\t Lovelace ')).toBe('Ada Lovelace');
  // Persian needs the zero-width non-joiner inside a word.
  expect(accepted('می\u200cخواهم')).toBe('می\u200cخواهم');
});

test('direction overrides, formatting and control characters are refused, with the character named', () => {
  expect(problem('Ada\u202Eevil')).toMatch(/cannot contain U\+202E, an invisible control or formatting character/);
  expect(problem('\u2066Ada')).toMatch(/U\+2066/);
  expect(problem('Ada\u0007Lovelace')).toMatch(/U\+0007/);
  expect(problem('Ada\u200B')).toMatch(/U\+200B/);
  expect(problem('\u3164')).toMatch(/U\+3164/); // Hangul filler: a "letter" drawn as nothing
  expect(problem('A\uFE0Fda')).toMatch(/U\+FE0F/);
  expect(problem('\u200cAda')).toMatch(/U\+200C/); // a joiner only between two letters
});

test('other characters, stray marks and over-long names are refused', () => {
  expect(problem('<script>')).toMatch(/letters .* digits, spaces and \. _ ' -, not "<"/);
  expect(problem('Ada 🚂')).toMatch(/not "🚂"/);
  expect(problem('-Ada')).toBe('a name starts with a letter or a digit');
  expect(problem('\u0301Ada')).toMatch(/combining mark \(U\+0301\) must follow a letter/);
  expect(problem('Za\u0301\u0300\u0302\u0303\u0304\u0306lgo')).toBe('a letter carries at most 4 combining marks');
  expect(problem('x'.repeat(NAME_MAX_CHARS))).toBe(`accepted: ${'x'.repeat(NAME_MAX_CHARS)}`);
  expect(problem('x'.repeat(NAME_MAX_CHARS + 1))).toBe('a name is at most 24 characters');
  expect(problem('x'.repeat(100_000))).toBe('a name is at most 24 characters');
  expect(problem('   ')).toBe('a name cannot be empty');
});

test('anything but text is refused as such, never turned into text', () => {
  expect(problem(null)).toBe('a name must be text, not null');
  expect(problem({ toString: 'x' })).toBe('a name must be text, not an object');
  expect(problem(['Ada'])).toBe('a name must be text, not a list');
  expect(problem(42)).toBe('a name must be text, not a number');
});

test('the room options use the same rule', () => {
  expect(DisplayName.parse('Zoe\u0308')).toBe('Zoë');
  const bidi = CreateOptionsSchema.safeParse({ name: 'Ada\u202E' });
  expect(bidi.success ? 'accepted' : bidi.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
    'name: a name cannot contain U+202E, an invisible control or formatting character (such as one that reverses the text direction)',
  ]);
  const nul = JoinOptionsSchema.safeParse({ name: null });
  expect(nul.success ? 'accepted' : nul.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['name: a name must be text, not null']);
  expect(JoinOptionsSchema.parse({ name: 'नमस्ते' }).name).toBe('नमस्ते');
  expect(JoinOptionsSchema.parse({}).name).toBeUndefined();
});
