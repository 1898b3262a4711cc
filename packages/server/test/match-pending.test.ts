/**
 * The generic match (src/game/match.ts) with several seats deciding at once, with no socket and no room:
 * Ticket to Ride's opening ticket choice is made by every seat at the same time. Whole 2- and 5-seat games
 * are played with seeded random legal moves (any pending seat may move next), a seat takes its own step
 * back while another is still choosing, and the stored records replay to the same game.
 */
import pino from 'pino';
import { ttrGame, type GameEvent, type GameOptions, type GameState } from '@isle-of-trains/ttr-rules';
import { Match, type MatchGame } from '../src/game/match';
import { MemoryStore, RoomJournal, StoreHealth, type LogEntry } from '../src/persistence/store';

const quiet = pino({ level: 'silent' });
const AT = '2026-03-01T10:00:00.000Z';

/** What the match needs of the game (the server adapter holds more): its rules, its event lines, its turns. */
const ttr: MatchGame<typeof ttrGame> = {
  definition: ttrGame,
  eventLine: (e: GameEvent) => ({ seat: 'seat' in e ? e.seat : -1, type: e.type, text: e.type }),
  turnOf: (s: GameState) => s.turn.number,
};

function rng(seed: string): (n: number) => number {
  let x = [...seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  return (n) => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) % n;
}

function begin(players: number, seed: string) {
  const store = new MemoryStore();
  const journal = new RoomJournal(store, 'ttr1', new StoreHealth(store, quiet));
  const options: GameOptions = { players, seed, names: Array.from({ length: players }, (_, i) => `P${i}`) };
  const m = Match.begin(ttr, options, { journal, now: () => AT });
  return { m, store, options };
}

test('the opening choice: every seat decides at once, and one takes its choice back while the others still choose', () => {
  const { m } = begin(3, 'ttr-opening');
  expect(m.pending().map((d) => d.seat)).toEqual([0, 1, 2]);
  const keep0 = ttrGame.legal(m.state, 0)[0];
  const before = m.state;
  const r = m.apply(0, keep0, 'human');
  expect(r).toMatchObject({ ok: true, over: false, groupWaits: true });
  expect(m.pending().map((d) => d.seat)).toEqual([1, 2]);
  // Seat 0 has decided and may take it back while 1 and 2 still choose; they have nothing to take back.
  expect(m.undoable(0)).toBe(1);
  expect(m.undoHolder()).toEqual({ seat: 0, steps: 1 });
  expect(m.undo(1)).toEqual({ ok: false, code: 'NOTHING_TO_UNDO' });
  const u = m.undo(0);
  expect(u.ok).toBe(true);
  expect(m.state).toBe(before);
  expect(m.pending().map((d) => d.seat)).toEqual([0, 1, 2]);
  expect(m.actions).toEqual([]);
  // Once another seat has decided after it, seat 0's choice is final.
  m.apply(0, keep0, 'human');
  m.apply(2, ttrGame.legal(m.state, 2)[0], 'human');
  expect(m.undo(0)).toEqual({ ok: false, code: 'UNDO_BLOCKED' });
  expect(m.undoHolder()).toEqual({ seat: 2, steps: 1 });
  // The last seat's choice ends the opening (the first turn begins): nobody can take anything back.
  m.apply(1, ttrGame.legal(m.state, 1)[0], 'human');
  expect(m.pending()).toHaveLength(1);
  expect(m.undoHolder()).toBeNull();
  expect(m.undo(1)).toMatchObject({ ok: false });
});

test.each([[2, 'ttr-two'], [5, 'ttr-five']])('%i seats: a whole game of random legal moves with undos, stored, replays to the same game', async (players, seed) => {
  const { m, store, options } = begin(players, seed);
  const pick = rng(seed);
  let undos = 0;
  let groups = 0;
  for (let n = 0; !m.over; n++) {
    if (n > 20_000) throw new Error('the game does not end');
    const pending = m.pending();
    if (pending.length > 1) groups++;
    const seat = pending[pick(pending.length)].seat;
    const legal = ttrGame.legal(m.state, seat);
    const r = m.apply(seat, legal[pick(legal.length)], 'human');
    if (!r.ok) throw new Error(r.error.code);
    // The first few times someone may take a step back (in this game: an opening choice while others
    // still choose), they do.
    const holder = m.undoHolder();
    if (holder && !m.over && undos < 3) {
      expect(m.undo(holder.seat).ok).toBe(true);
      undos++;
    }
  }
  const score = m.end(AT);
  expect(groups).toBeGreaterThan(0);
  expect(undos).toBeGreaterThan(0);
  expect(score.players).toHaveLength(players);
  const log = (await store.read('ttr1'))!;
  expect(log[0]).toMatchObject({ t: 'start', game: 'ttr', rulesVersion: ttrGame.rulesVersion, seedHash: m.seedHash });
  expect(log[log.length - 1]).toMatchObject({ t: 'end', finalScores: score.detail });
  // The restart path: the stored records played forward by a match of their own.
  const replay = new Match(ttr, options, AT);
  for (const e of log as LogEntry[]) {
    if (e.t === 'action' || e.t === 'undo') expect(replay.take(e)).toBeNull();
  }
  expect(replay.state).toEqual(m.state);
  expect(replay.actions).toEqual(m.actions);
  expect(replay.allEvents()).toEqual(m.allEvents());
  expect(replay.lines.tail(100_000)).toEqual(m.lines.tail(100_000));
});
