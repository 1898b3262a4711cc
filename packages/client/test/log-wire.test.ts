/**
 * Log lines on the wire (src/log-wire.ts): a line a template fits travels as `[n, seat, template, ...holes]`,
 * and decoding gives back the very line the server wrote, whatever the words and the names. Every rules
 * event line of seeded games of both games travels short; anything else travels whole; no wire text,
 * however it was made, throws.
 */
import fc from 'fast-check';
import { applyAction, createGame, currentDecision, legalActions, playerView } from '@isle-of-trains/rules';
import {
  applyAction as ttrApply, createGame as ttrCreate, legalActions as ttrLegal, pending as ttrPending,
} from '@isle-of-trains/ttr-rules';
import {
  ISLE_LOG_TEMPLATES, TTR_LOG_TEMPLATES, logLineFromWire, logLineWire, stateFromWire, ttrEventLine, ttrStateFromWire,
  type IsleStateWire, type LogCodec, type LogEntryJSON, type LogTemplate,
} from '@isle-of-trains/client/protocol';

function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x / 2 ** 32;
  };
}

/** Every rules event line of seeded Isle games (multiplayer and solo), with the names each game holds. */
function isleLines(): { line: LogEntryJSON; names: string[] }[] {
  const out: { line: LogEntryJSON; names: string[] }[] = [];
  const setups = [
    { players: 2, seed: 'lw-2', names: ['Ada', 'Bo'] },
    { players: 3, seed: 'lw-3', names: ['Ada', 'Bo', 'Cy Twain'] },
    { players: 4, seed: 'lw-4', names: ['Ada', 'Bo', 'Ada', 'Dee'] },
    { players: 1, seed: 'lw-1', names: ['Solo'], mode: 'challenge' as const },
    { players: 1, seed: 'lw-s', names: ['Solo'], mode: 'scenario' as const, scenario: 1 },
  ];
  for (const [g, o] of setups.entries()) {
    const next = rng(0x9e3779b9 + g);
    let s = createGame(o);
    let n = 0;
    for (let step = 0; step < 3000 && !s.gameOver; step++) {
      const seat = currentDecision(s)!.seat;
      const legal = legalActions(playerView(s, seat), seat);
      const r = applyAction(s, seat, legal[Math.floor(next() * legal.length)]);
      if (!r.ok) throw new Error(r.error.message);
      for (const e of r.events) out.push({ line: { n: ++n, seat: e.seat ?? -1, type: e.type, text: e.text }, names: s.players.map((p) => p.name) });
      s = r.state;
    }
  }
  return out;
}

/** Every event line of seeded ttr games at 2–5 seats, worded as the server words them. */
function ttrLines(): { line: LogEntryJSON; names: string[] }[] {
  const out: { line: LogEntryJSON; names: string[] }[] = [];
  for (let players = 2; players <= 5; players++) {
    const next = rng(0x51ed27 + players);
    const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed'].slice(0, players);
    let s = ttrCreate({ players, seed: `lw-ttr-${players}`, names });
    let n = 0;
    for (let step = 0; step < 3000 && !s.gameOver; step++) {
      const seat = ttrPending(s)[0].seat;
      const legal = ttrLegal(s, seat);
      // Card draws most of the time, as players play: claims are most of a listing.
      const draws = legal.filter((a) => a.type !== 'claim');
      const from = draws.length > 0 && next() < 0.6 ? draws : legal;
      const r = ttrApply(s, seat, from[Math.floor(next() * from.length)]);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      for (const e of r.events) out.push({ line: { n: ++n, ...ttrEventLine(e, s) }, names });
    }
  }
  return out;
}

function roundTrip(lines: { line: LogEntryJSON; names: string[] }[], templates: readonly LogTemplate[]): { used: Set<number>; whole: number; saved: number } {
  const used = new Set<number>();
  let whole = 0;
  let saved = 0;
  for (const { line, names } of lines) {
    const codec: LogCodec = { templates, names };
    const wire = logLineWire(line, codec);
    const a = JSON.parse(wire) as unknown[];
    if (typeof a[2] === 'number') used.add(a[2]); else whole++;
    saved += logLineWire(line).length - wire.length;
    expect(logLineFromWire(wire, codec)).toStrictEqual(line);
  }
  return { used, whole, saved };
}

test('every rules event line of seeded Isle games travels short and decodes to the same line', () => {
  const lines = isleLines();
  expect(lines.length).toBeGreaterThan(1000);
  const { used, whole, saved } = roundTrip(lines, ISLE_LOG_TEMPLATES);
  expect(whole).toBe(0);
  // The common lines at least: turns, takes, builds, loads, deliveries, draws, discards.
  expect(used.size).toBeGreaterThan(20);
  expect(saved / lines.length).toBeGreaterThan(20);
});

test('every event line of seeded ttr games travels short and decodes to the same line', () => {
  const lines = ttrLines();
  expect(lines.length).toBeGreaterThan(500);
  const { used, whole } = roundTrip(lines, TTR_LOG_TEMPLATES);
  expect(whole).toBe(0);
  expect(used.size).toBeGreaterThan(10);
});

test('a line no template fits, or with a name the game does not hold, travels whole', () => {
  const codec: LogCodec = { templates: ISLE_LOG_TEMPLATES, names: ['Ada', 'Bo'] };
  const notice = { n: 3, seat: 0, type: 'join', text: 'Ada joined.' };
  expect(JSON.parse(logLineWire(notice, codec))).toEqual([3, 0, 'join', 'Ada joined.']);
  // The line's seat is Bo but the words name Ada: no short form could say that.
  const other = { n: 4, seat: 1, type: 'turn', text: "Ada's turn." };
  expect(JSON.parse(logLineWire(other, codec))).toEqual([4, 1, 'turn', "Ada's turn."]);
  expect(JSON.parse(logLineWire({ n: 5, seat: 1, type: 'turn', text: "Bo's turn." }, codec))).toEqual([5, 1, 0]);
  // Without templates (a tree that knows none, the lobby): whole.
  expect(JSON.parse(logLineWire({ n: 5, seat: 1, type: 'turn', text: "Bo's turn." }))).toEqual([5, 1, 'turn', "Bo's turn."]);
  // A whole number goes as a number, anything else as text: "007" is not 7.
  const draw = (count: string) => ({ n: 6, seat: 0, type: 'draw', text: `Ada drew ${count} cards (Coal Car).` });
  expect(JSON.parse(logLineWire(draw('3'), codec))).toEqual([6, 0, 15, 3, 'Coal Car']);
  expect(JSON.parse(logLineWire(draw('007'), codec))).toEqual([6, 0, 15, '007', 'Coal Car']);
  expect(logLineFromWire(logLineWire(draw('007'), codec), codec)).toStrictEqual(draw('007'));
});

/** Names, words and lines a hostile or unlucky game could hold: template words in names, empty names, the same name twice. */
const word = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', '0', '1', '007', '-1', '1e3', "'s", ' took ', ' for ', ' – ', '{s}', '{}', '{n}', 'their own', '.', '💥', '\u0000'),
);
const names = fc.array(word, { minLength: 1, maxLength: 5 });

/** A line made by filling a template's holes with any words and names (so that it often does fit). */
function filled(templates: readonly LogTemplate[]) {
  return fc.tuple(names, fc.nat(templates.length - 1), fc.array(word, { minLength: 8, maxLength: 8 }), fc.nat(), fc.integer({ min: -1, max: 5 }))
    .map(([ns, k, words, pick, seat]) => {
      let w = 0;
      const text = templates[k][1].replace(/\{(s|n|)\}/g, (_, hole: string) =>
        hole === 's' ? (ns[seat] ?? 'Nobody') : hole === 'n' ? ns[(pick + w++) % ns.length] : words[w++ % words.length]);
      return { names: ns, line: { n: 1 + (pick % 500), seat, type: templates[k][0], text } };
    });
}
const anyLine = fc.record({ names, line: fc.record({ n: fc.nat(), seat: fc.integer({ min: -1, max: 5 }), type: fc.string({ maxLength: 10 }), text: fc.string({ maxLength: 80 }) }) });

test('any line, with any names, decodes to exactly the line the server wrote', () => {
  for (const templates of [ISLE_LOG_TEMPLATES, TTR_LOG_TEMPLATES]) {
    let short = 0;
    fc.assert(
      fc.property(fc.oneof({ arbitrary: filled(templates), weight: 3 }, { arbitrary: anyLine, weight: 1 }), ({ names: ns, line: made }) => {
        const line = { ...made }; // fast-check's records have no prototype; the server's lines are plain objects
        const codec: LogCodec = { templates, names: ns };
        const wire = logLineWire(line, codec);
        if (typeof (JSON.parse(wire) as unknown[])[2] === 'number') short++;
        expect(logLineFromWire(wire, codec)).toStrictEqual(line);
      }),
      { numRuns: 3000, seed: 7 },
    );
    // The property is not about whole lines only.
    expect(short).toBeGreaterThan(1000);
  }
});

test('wire text of any shape decodes to a line or to nothing, never throws', () => {
  const codec: LogCodec = { templates: ISLE_LOG_TEMPLATES, names: ['Ada', 'Bo'] };
  const arrays = fc.tuple(fc.oneof(fc.nat(), fc.anything()), fc.anything(), fc.oneof(fc.integer({ min: -2, max: 60 }), fc.double(), fc.anything()), fc.array(fc.anything(), { maxLength: 4 }))
    .map(([n, seat, k, rest]) => JSON.stringify([n, seat, k, ...rest]) ?? 'null');
  fc.assert(
    fc.property(fc.oneof(arrays, fc.string(), fc.anything()), (text) => {
      for (const c of [codec, undefined]) {
        const line = logLineFromWire(text, c);
        if (line) expect(typeof line.text).toBe('string');
      }
    }),
    { numRuns: 3000, seed: 11 },
  );
  // A short line whose holes do not fit is skipped, not shown wrong.
  expect(logLineFromWire('[1,0,2]', codec)).toBeNull();
  expect(logLineFromWire('[1,0,2,"a","b"]', codec)).toBeNull();
  expect(logLineFromWire('[1,7,0]', codec)).toBeNull();
  expect(logLineFromWire('[1,0,999]', codec)).toBeNull();
  expect(logLineFromWire('[1,0,2,"Coal Car"]', codec)).toEqual({ n: 1, seat: 0, type: 'take', text: 'Ada took Coal Car from the display.' });
});

test('stateFromWire and ttrStateFromWire decode short lines with the names of the game they carry', () => {
  const isle = stateFromWire({
    logJson: ['[1,-1,"start","The game starts."]', '[2,1,0]', '[3,0,2,"Coal Car"]'],
    game: { players: [{ name: 'Ada' }, { name: 'Bo' }] },
  } as unknown as IsleStateWire);
  expect(isle.log).toEqual([
    { n: 1, seat: -1, type: 'start', text: 'The game starts.' },
    { n: 2, seat: 1, type: 'turn', text: "Bo's turn." },
    { n: 3, seat: 0, type: 'take', text: 'Ada took Coal Car from the display.' },
  ]);
  const ttr = ttrStateFromWire({ logJson: ['[4,1,0]'], game: { players: [{ name: 'Ada' }, { name: 'Bo' }] } } as never);
  expect(ttr.log).toEqual([{ n: 4, seat: 1, type: 'drewBlind', text: 'Bo drew a card from the deck.' }]);
  // No game, no names: a short line cannot be read (the server sends none then).
  expect(stateFromWire({ logJson: ['[2,1,0]'] } as unknown as IsleStateWire).log).toEqual([]);
});
