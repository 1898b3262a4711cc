/**
 * The second game's room (`ttr`) over real sockets, through the same table, match, store and end as Isle:
 *  - a seat plays a whole 3-seat game against two bots from nothing but what its connection decodes (the
 *    client package's view mapping), and every move it picks is accepted;
 *  - no connection ever decodes another seat's hand, tickets or ticket offer, a spectator none at all;
 *  - the stored log names the game and its rules version, the log reads as words, and the end publishes
 *    the scores and the seed.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import type { Room as SDKRoom } from '@colyseus/sdk';
import { ttrGame } from '@isle-of-trains/ttr-rules';
import { ttrChooseAction } from '@isle-of-trains/bots';
import { ttrGameFromWire, ttrStateFromWire, ttrViewFromGame, TTR_ROOM_NAME, type TtrGameWire } from '@isle-of-trains/client/protocol';
import { bootServer, until, watch, type Seen, type TestServer } from './support/harness';

jest.setTimeout(180_000);

let ts: TestServer;
beforeAll(async () => {
  ts = await bootServer({ BOT_DELAY_MS: 0, PLAYERS_DB: 'off' });
});
afterAll(() => ts.close());

type Decoded = { phase: string; game?: TtrGameWire | null; logJson: string[]; scoresJson: string; seed: string };
const decoded = (room: SDKRoom): Decoded => (room.state as { toJSON(): Decoded }).toJSON();
/** A seat's rules view, from the decoded state's wire form (docs/PROTOCOL.md, "rebuilding the rules view"). */
const viewOf = (room: SDKRoom, seat: number) => {
  const g = decoded(room).game;
  return g ? ttrViewFromGame(ttrGameFromWire(g), seat) : null;
};

let n = 0;
async function send(room: SDKRoom, seen: Seen, type: 'intent' | 'start', body: Record<string, unknown> = {}): Promise<{ ok: boolean; code?: string }> {
  const id = `t${++n}`;
  room.send(type, { ...body, id });
  await until(() => seen.acks.includes(id) || seen.errors.some((e) => e.id === id), 30_000, `reply to ${type} ${id}`);
  const error = seen.errors.find((e) => e.id === id);
  return error ? { ok: false, code: error.code } : { ok: true };
}

/** Whether a decoded game shows any private field of a seat other than `own` (null: a spectator owns none). */
function showsOthers(g: TtrGameWire | null | undefined, own: number | null): boolean {
  if (!g) return false;
  return g.players.some((p, seat) => seat !== own && (Object.values(p.hand ?? {}).some((c) => c > 0) || (JSON.parse(p.ticketsJson ?? '[]') as number[]).length > 0 || (JSON.parse(p.offerJson ?? '[]') as number[]).length > 0));
}

test('a 3-seat game against two bots is played to its end from the decoded state alone, and nothing private leaks', async () => {
  const a = await ts.client().create(TTR_ROOM_NAME, { seats: 3, bots: 2, botLevel: 'greedy', name: 'Ada' });
  const sa = watch(a);
  await until(() => sa.seat === 0, 10_000, 'seat');
  const spectator = await ts.client().joinById(a.roomId, { spectate: true, name: 'Watcher' });
  watch(spectator);
  let leaked = 0;
  // Every log line the player's window showed during the game (the window holds only the newest lines).
  const texts = new Set<string>();
  const check = () => {
    // Through the client package's decoding: most lines travel short (a template and its words).
    for (const l of ttrStateFromWire(decoded(a) as never).log) texts.add(l.text);
    if (showsOthers(decoded(a).game, 0)) leaked++;
    if (showsOthers(decoded(spectator).game, null)) leaked++;
  };
  a.onStateChange(check);
  spectator.onStateChange(check);
  expect(await send(a, sa, 'start')).toEqual({ ok: true });

  let moves = 0;
  const refused: string[] = [];
  while (decoded(a).phase !== 'ended') {
    const view = viewOf(a, 0);
    if (view && ttrGame.pending(view).some((d) => d.seat === 0)) {
      // The move is chosen on the client's own view: what it decoded is enough to know the legal moves.
      const action = ttrChooseAction({ view, seat: 0, history: [] }, { level: 'greedy', seed: moves });
      const r = await send(a, sa, 'intent', { action });
      if (!r.ok) refused.push(r.code ?? '?');
      moves++;
      expect(moves).toBeLessThan(2_000);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  expect(refused).toEqual([]);
  expect(moves).toBeGreaterThan(5);
  await until(() => decoded(a).scoresJson !== '' && decoded(spectator).phase === 'ended', 10_000, 'the scores on every client');

  const end = decoded(a);
  const scores = JSON.parse(end.scoresJson) as { players: { seat: number; total: number }[]; winners: number[] };
  expect(scores.players.map((p) => p.seat)).toEqual([0, 1, 2]);
  expect(scores.winners.length).toBeGreaterThan(0);
  expect(end.seed).not.toBe('');
  expect(leaked).toBe(0);

  // The log is words about the game (names and cities), never a hidden card or ticket.
  expect([...texts].some((t) => /^Ada (took|drew|kept)/.test(t))).toBe(true);
  // The seat saw its own hand: it claimed routes with it, every claim accepted.
  const mine = (await ts.srv.store.read(a.roomId))!.filter((e) => e.t === 'action' && e.seat === 0 && (e.action as { type: string }).type === 'claim');
  expect(mine.length).toBeGreaterThan(0);

  const log = (await ts.srv.store.read(a.roomId))!;
  const start = log.find((e) => e.t === 'start') as { game?: string; rulesVersion?: string };
  expect(start.game).toBe('ttr');
  expect(start.rulesVersion).toBe(ttrGame.rulesVersion);
  expect(log.some((e) => e.t === 'end')).toBe(true);
  await a.leave();
  await spectator.leave();
});

test('the second game refuses options it does not have, naming them', async () => {
  await expect(ts.client().create(TTR_ROOM_NAME, { seats: 6 })).rejects.toThrow(/BAD_OPTIONS.*seats/);
  await expect(ts.client().create(TTR_ROOM_NAME, { seats: 2, mode: 'challenge' })).rejects.toThrow(/BAD_OPTIONS.*mode/);
  await expect(ts.client().create(TTR_ROOM_NAME, { seats: 2, map: 'atlantis' })).rejects.toThrow(/BAD_OPTIONS.*atlantis/);
});
