/**
 * The room state's log window holds each line in the short form when the game's templates fit it (the
 * client package's log-wire.ts) and whole otherwise, with the names the state's `game` part holds; what a
 * client decodes from the window (`stateFromWire`, `ttrStateFromWire`) is the table's log, line for line,
 * in both games.
 */
import { stateFromWire, ttrStateFromWire, type IsleStateWire } from '@isle-of-trains/client/protocol';
import { Match } from '../src/game/match';
import { showLog } from '../src/table/log-window';
import { isleServerGame } from '../src/games/isle';
import { ttrServerGame } from '../src/games/ttr';
import type { AnyServerGame } from '../src/game/server-game';

const WINDOW = 20;

function play(game: AnyServerGame, seats: number, seed: string, decode: (json: unknown) => { log: unknown[] }): { lines: number; short: number } {
  const parsed = game.parseCreateOptions({ seats });
  if (!parsed.ok) throw new Error(parsed.message);
  const options = game.setupOptions(parsed.options, seed, ['Ada', 'Bo', 'Cy', 'Di', 'Ed'].slice(0, seats));
  const match = Match.begin(game, options, { now: () => '2026-01-01T00:00:00.000Z' });
  const state = new game.State();
  const table = { state, game, lines: match.lines, deps: { config: { LOG_ENTRIES: WINDOW } } };
  // A lobby notice, before the game part exists: whole (there are no names to shorten it with yet).
  showLog(table as never, match.lines.notice(0, 'join', 'Ada joined.'));
  expect(JSON.parse(state.logJson[0])).toEqual([1, 0, 'join', 'Ada joined.']);
  state.game = game.newGamePart();
  game.mirror(state, match);
  showLog(table as never, match.lines.notice(-1, 'start', 'The game starts.'));
  let x = seed.length * 7919;
  let lines = 0;
  let short = 0;
  for (let step = 0; step < 400 && !match.over; step++) {
    const seat = game.definition.pending(match.state)[0].seat;
    const legal = game.definition.legal(match.state, seat);
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const a = match.apply(seat, legal[x % legal.length], 'human');
    if (!a.ok) throw new Error(a.error.code);
    for (const line of a.lines) {
      showLog(table as never, line);
      lines++;
      if (typeof (JSON.parse(state.logJson[state.logJson.length - 1]) as unknown[])[2] === 'number') short++;
    }
    game.mirror(state, match);
    // What a client decodes from the window is the table's newest lines, exactly.
    expect(decode(JSON.parse(JSON.stringify(state.toJSON()))).log).toEqual(match.lines.tail(WINDOW));
  }
  return { lines, short };
}

test('Isle: every rules line travels short, and the decoded window is the table\'s log', () => {
  for (const [seats, seed] of [[2, 'lw-a'], [3, 'lw-b']] as const) {
    const { lines, short } = play(isleServerGame as unknown as AnyServerGame, seats, seed, (j) => stateFromWire(j as IsleStateWire));
    expect(lines).toBeGreaterThan(200);
    expect(short).toBe(lines);
  }
});

test('ttr: every rules line travels short, and the decoded window is the table\'s log', () => {
  for (const [seats, seed] of [[2, 'lw-c'], [5, 'lw-d']] as const) {
    const { lines, short } = play(ttrServerGame as unknown as AnyServerGame, seats, seed, (j) => ttrStateFromWire(j as never));
    expect(lines).toBeGreaterThan(100);
    expect(short).toBe(lines);
  }
});
