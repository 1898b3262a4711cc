/**
 * Rematch (docs/PROTOCOL.md "Rematch"), over the network: after a game with two humans and a bot ends,
 * a player asks for a rematch; everyone in the room learns the new room's id; the humans join it with
 * their seat tokens of the ended game and get the same seats with new tokens; the bot keeps its seat,
 * the options are the same, the seed is new, and the game starts once both are back.
 */
jest.mock('rou3', () => jest.requireActual('./support/rou3').load());
import { autoplay, bootServer, stateJSON, until, watch, type Seen, type TestServer } from './support/harness';
import type { Room as SDKRoom } from '@colyseus/sdk';

jest.setTimeout(120_000);

let ts: TestServer;
beforeAll(async () => { ts = await bootServer({ RECONNECT_SECONDS: 300 }); });
afterAll(async () => { await ts.close(); });

const rematchOf = (seen: Seen) => seen.messages.filter((m) => m.type === 'rematch').map((m) => (m.body as { roomId: string }).roomId);
const replyTo = (seen: Seen, id: string) => seen.errors.find((e) => e.id === id) ?? (seen.acks.includes(id) ? 'ack' : undefined);

test('a rematch keeps the human seats, the bots and the options, with a new seed and new seat tokens', async () => {
  const a = await ts.client().create('isle', { seats: 3, bots: 1, name: 'Ada', botLevel: 'random', turnTimeLimit: 600 });
  const sa = watch(a);
  await until(() => sa.seat === 0, 3000, 'seat a');
  const b = await ts.client().joinById(a.roomId, { name: 'Bea' });
  const sb = watch(b);
  await until(() => sb.seat === 1, 3000, 'seat b');
  // Before the end a rematch is refused.
  a.send('rematch', { id: 'early' });
  await until(() => replyTo(sa, 'early') !== undefined, 3000, 'early reply');
  expect(replyTo(sa, 'early')).toMatchObject({ code: 'GAME_NOT_OVER' });

  a.send('start', {});
  const old = { roomId: a.roomId, tokens: [sa.token, sb.token] };
  await until(() => stateJSON(a).phase === 'playing', 3000, 'start');
  const oldSeedHash = stateJSON(a).seedHash;
  autoplay(a, sa);
  autoplay(b, sb);
  await until(() => stateJSON(a).phase === 'ended' && stateJSON(b).phase === 'ended', 90_000, 'the end');

  const watcher = await ts.client().joinById(a.roomId, { name: 'Cy' });
  const sw = watch(watcher);
  await until(() => sw.seat === -1, 3000, 'spectator');
  watcher.send('rematch', { id: 'w' });
  await until(() => replyTo(sw, 'w') !== undefined, 3000, 'spectator reply');
  expect(replyTo(sw, 'w')).toMatchObject({ code: 'NOT_YOUR_SEAT' });

  a.send('rematch', { id: 'r1' });
  await until(() => replyTo(sa, 'r1') === 'ack', 5000, 'rematch ack');
  const [roomId] = rematchOf(sa);
  expect(roomId).toBeTruthy();
  expect(roomId).not.toBe(old.roomId);
  await until(() => rematchOf(sb).length === 1 && rematchOf(sw).length === 1, 3000, 'everyone told');
  expect(rematchOf(sb)).toEqual([roomId]);
  expect(rematchOf(sw)).toEqual([roomId]);
  // A second ask gets the same room.
  b.send('rematch', { id: 'r2' });
  await until(() => replyTo(sb, 'r2') === 'ack', 3000, 'second ack');
  expect(rematchOf(sb)).toEqual([roomId, roomId]);

  // A stranger arriving first only watches: the seats are kept for the players.
  const stranger = await ts.client().joinById(roomId, { name: 'Dee' });
  const sd = watch(stranger);
  await until(() => sd.seat !== null, 3000, 'stranger seat');
  expect(sd.seat).toBe(-1);

  const joins: [SDKRoom, Seen][] = [];
  for (const token of old.tokens.slice().reverse()) {
    const r = await ts.client().joinById(roomId, { seatToken: token });
    const s = watch(r);
    await until(() => s.seat !== null, 3000, 'rematch seat');
    if (joins.length === 0) {
      // The first one back cannot start without the other: that seat is held for its player.
      r.send('start', {});
      await until(() => s.errors.length > 0, 3000, 'start refused');
      expect(s.errors[0]).toMatchObject({ code: 'SEATS_NOT_FILLED' });
      expect(stateJSON(r).phase).toBe('lobby');
    }
    joins.push([r, s]);
  }
  const [[b2, sb2], [a2, sa2]] = joins;
  expect(sa2.seat).toBe(0);
  expect(sb2.seat).toBe(1);
  expect(sa2.token).not.toBe(old.tokens[0]);
  expect(sb2.token).not.toBe(old.tokens[1]);
  await until(() => stateJSON(a2).phase === 'playing', 3000, 'the rematch starts');
  const st = stateJSON(a2);
  expect(st.seats.map((x) => [x.name, x.kind])).toEqual([['Ada', 'human'], ['Bea', 'human'], ['Bot 3', 'bot']]);
  expect([st.seatsTotal, st.botLevel, st.turnTimeLimit]).toEqual([3, 'random', 600]);
  expect(st.seedHash).not.toBe(oldSeedHash);
  // The ended game's token was good once; the new one takes the seat back.
  await expect(ts.client().joinById(roomId, { seatToken: old.tokens[0] })).rejects.toThrow(/BAD_SEAT_TOKEN/);
  const again = await ts.client().joinById(roomId, { seatToken: sa2.token });
  const sa3 = watch(again);
  await until(() => sa3.seat === 0, 3000, 'retaken with the new token');
  for (const r of [a, b, watcher, stranger, b2, again]) await r.leave().catch(() => undefined);
});
