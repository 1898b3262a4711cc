/**
 * SDK players for the ops tests: each client holds its own room connection and seat token, decides
 * with a greedy bot from the view it can rebuild from its own room state (as a browser would), and
 * sends intents with ids; the server answers `ack` or `error`.
 */
import { Client, type Room } from '@colyseus/sdk';
import { createBot } from '@isle-of-trains/bots';
import { applyAction, createGame, scoreBreakdown, type Action, type GameOptions, type ScoreBreakdown } from '@isle-of-trains/rules';
import { stateFromWire, viewFromState, type IsleStateWire, type IsleStateJSON, type ReplayMove, type SeatMessage } from '@isle-of-trains/client';
import { waitFor } from './ops-proc';
import { wake } from './wake';

export type SeatMsg = SeatMessage;

export interface Player {
  name: string;
  room: Room;
  seat: SeatMsg;
  /** Every message received, in order. */
  messages: { type: string; msg: unknown }[];
  replies: Map<string, { type: 'ack' | 'error'; msg: { code?: string; message?: string } }>;
}

let nextId = 0;
/** Where play() spent its time (ms): waiting for the actor's state, choosing, waiting for the reply. */
export const timing = { step: 0, bot: 0, reply: 0 };

/** Create a room (roomId null) or join one by id, through the server at `url`. */
export async function connect(url: string, roomId: string | null, options: Record<string, unknown>): Promise<Player> {
  const client = new Client(url);
  const room = roomId === null ? await client.create('isle', options) : await client.joinById(roomId, options);
  const rc = (room as unknown as { reconnection?: { enabled: boolean } }).reconnection;
  if (rc) rc.enabled = false; // the tests rejoin by hand, with the seat token
  const p: Player = { name: String(options.name ?? ''), room, seat: undefined as unknown as SeatMsg, messages: [], replies: new Map() };
  room.onMessage('*', (type: string | number, msg: unknown) => {
    p.messages.push({ type: String(type), msg });
    if (type === 'seat') p.seat = msg as SeatMsg;
    if (type === 'ack' || type === 'error') {
      const id = (msg as { id?: unknown })?.id;
      if (id !== undefined) p.replies.set(String(id), { type, msg: msg as { code?: string } });
    }
    wake();
  });
  // The waits of these tests read what the clients received: each arrival lets them look (./wake.ts).
  room.onStateChange(() => wake());
  room.onLeave(() => wake());
  await waitFor('seat message and state', () => p.seat && (room.state as { phase?: string } | undefined)?.phase);
  return p;
}

export function stateOf(p: Player): IsleStateJSON & Record<string, unknown> {
  return stateFromWire((p.room.state as { toJSON(): IsleStateWire }).toJSON()) as IsleStateJSON & Record<string, unknown>;
}

interface GameJ {
  gameOver: boolean; turn?: { seat: number; number: number; actionsLeft: number; queueJson: string[] }; deckCount: number; discardCount: number; display: string[];
  bagCount: number; progress: number; players: { handCount: number; vp: number; trainJson: string[]; supply: string[]; buildingsJson: string }[];
}

/**
 * What must be equal between two clients that have seen the same patches, the log window included
 * (a client that joined between two patches once decoded it with a line missing or doubled:
 * src/colyseus-patches/view-handoff.ts).
 */
function fingerprint(p: Player): string {
  // read the decoded schema objects directly (cheaper than toJSON, which the tests poll)
  const s = p.room.state as unknown as { phase: string; game?: GameJ; logJson?: string[] };
  const g = s.game;
  if (!g) return s.phase;
  const t = g.turn;
  return JSON.stringify([s.phase, [...(s.logJson ?? [])], g.gameOver, t?.seat, t?.number, t?.actionsLeft, [...(t?.queueJson ?? [])], g.deckCount, g.discardCount, [...g.display], g.bagCount, g.progress,
    g.players.map((x) => [x.handCount, x.vp, [...x.trainJson], x.supply.length, x.buildingsJson])]);
}

/** Wait until every player's state shows the same moment of the game. */
export async function settle(players: Player[]): Promise<void> {
  try {
    await waitFor('clients in step', () => {
      const f = fingerprint(players[0]);
      return players.every((p) => fingerprint(p) === f);
    });
  } catch (e) {
    throw new Error(`${(e as Error).message}: ${players.map(fingerprint).join(' | ')}`);
  }
}

/** The whole table as one client sees it (own hand included), minus connection details and the log. */
export function tableOf(p: Player): unknown {
  const s = stateOf(p) as unknown as Record<string, unknown> & { seats: { index: number; name: string; kind: string }[] };
  return {
    phase: s.phase, code: s.code, seatsTotal: s.seatsTotal, mode: s.mode, seedHash: s.seedHash, isPrivate: s.isPrivate,
    seats: s.seats.map((x) => ({ index: x.index, name: x.name, kind: x.kind })),
    game: s.game,
  };
}

/** Ada creates a 2-seat room, Bea joins, Ada starts: both playing (pushed to `players`, for the teardown). */
export async function twoSeatGame(url: string, players: Player[]): Promise<{ ada: Player; bea: Player }> {
  const ada = await connect(url, null, { seats: 2, name: 'Ada' });
  players.push(ada);
  const bea = await connect(url, ada.room.roomId, { name: 'Bea' });
  players.push(bea);
  ada.room.send('start', {});
  await waitFor('started', () => stateOf(ada).phase === 'playing' && stateOf(bea).phase === 'playing');
  return { ada, bea };
}

export type ActionLog = ReplayMove[];

/**
 * Play: the deciding seat's client picks a move with a greedy bot and sends it, until the game ends
 * or `maxActions` have been accepted. Every accepted action is appended to `log`.
 */
export async function play(players: Player[], log: ActionLog, maxActions = Infinity): Promise<'ended' | 'paused'> {
  const bots = new Map(players.map((p) => [p.seat.seat, createBot('greedy', { seed: 1000 + p.seat.seat })]));
  let last = players[0];
  for (let n = 0; n < maxActions; n++) {
    const ref = stateOf(last);
    if (ref.phase === 'ended') return 'ended';
    const d = JSON.parse(ref.game!.decisionJson) as { seat: number } | null;
    if (!d) {
      await waitFor('the end', () => players.every((p) => (stateOf(p) as { phase?: string }).phase === 'ended'));
      return 'ended';
    }
    const actor = players.find((p) => p.seat.seat === d.seat)!;
    const t0step = Date.now();
    const want = fingerprint(last);
    await waitFor(`seat ${d.seat} in step`, () => fingerprint(actor) === want).catch((e: Error) => {
      throw new Error(`${e.message} after ${n} actions: want ${want}; have ${players.map((p) => `${p.seat.seat}: ${fingerprint(p)} last msgs ${p.messages.slice(-3).map((m) => m.type)}`).join(' | ')}`);
    });
    const tb = Date.now(); timing.step += tb - t0step;
    const view = viewFromState(stateOf(actor), d.seat)!;
    const action = bots.get(d.seat)!.chooseAction({ view, seat: d.seat, history: [] } as never) as Action;
    // Greedy games end (packages/bots/test/greedy-ends.test.ts): 240 hunted deals took at most 956 actions.
    if (log.length > 3000) throw new Error('the game does not end (over 3000 actions)');
    const tr = Date.now(); timing.bot += tr - tb;
    const id = `a${++nextId}`;
    actor.room.send('intent', { action, id });
    const reply = await waitFor(`reply to ${id}`, () => actor.replies.get(id));
    timing.reply += Date.now() - tr;
    if (reply.type === 'error') throw new Error(`seat ${d.seat} ${action.type} refused: ${reply.msg.code} ${reply.msg.message}`);
    log.push({ seat: d.seat, action });
    if (process.env.OPS_TRACE) require('fs').appendFileSync(process.env.OPS_TRACE, `${Date.now()} ${log.length} ${d.seat} ${action.type}\n`);
    last = actor;
  }
  return 'paused';
}

/** Replay the actions from the options alone, as anyone checking a published game would. */
export function replayScores(options: GameOptions, log: ActionLog): ScoreBreakdown {
  let s = createGame(options);
  for (const { seat, action } of log) {
    const r = applyAction(s, seat, action);
    if (!r.ok) throw new Error(`replay refused ${action.type}: ${r.error.code}`);
    s = r.state;
  }
  if (!s.gameOver) throw new Error('replay did not reach the end');
  return scoreBreakdown(s);
}
