/**
 * A test-only server adapter for Ticket to Ride's rules, whose opening ticket choice is made by every seat
 * at once: enough of a game for the table's handling of several pending seats (timers, bots, undo) to be
 * played over real sockets. Its `game` part holds only who is pending and the rules' step, not the game
 * (the real adapter's state schema is its own piece of work).
 */
import { randomInt } from 'crypto';
import { schema, t } from '@colyseus/schema';
import { ttrGame, type TtrDefinition } from '@isle-of-trains/ttr-rules';
import type { GameBot, ServerGame } from '../../src/game/server-game';
import { multiplayerOptionsSchema, issuesText } from '../../src/wire/options';
import { tableStateClass, type TableState } from '../../src/wire/table-state';

const GroupGamePart = schema({
  /** The pending seats, as JSON. */
  pendingJson: t.string().default('[]'),
  /** The rules' step ('setup' during the opening choice). */
  step: t.string().default(''),
}, 'GroupGamePart');
type GroupGamePart = InstanceType<typeof GroupGamePart>;
const GroupState = tableStateClass(GroupGamePart, 'GroupTestState');

type Bot = GameBot<ReturnType<TtrDefinition['view']>, ReturnType<TtrDefinition['legal']>[number]>;
const randomLegal: Bot = {
  chooseAction({ view, seat }) {
    const legal = ttrGame.legal(view, seat);
    return legal[randomInt(legal.length)];
  },
};
const options = multiplayerOptionsSchema(ttrGame.seats);

export const groupTestGame: ServerGame<TtrDefinition> = {
  definition: ttrGame,
  roomName: 'group-test',
  State: GroupState as unknown as new () => TableState,
  parseCreateOptions(raw) {
    const r = options.safeParse(raw);
    return r.success ? { ok: true, options: r.data } : { ok: false, message: issuesText(r.error) };
  },
  describe: () => undefined,
  setupOptions: (o, seed, names) => ({ players: o.seats, seed, names }),
  newGamePart: () => new GroupGamePart(),
  mirror(state, match) {
    const g = state.game as GroupGamePart;
    const pending = JSON.stringify(match.pending().map((d) => d.seat));
    if (g.pendingJson !== pending) g.pendingJson = pending;
    if (g.step !== match.state.turn.step) g.step = match.state.turn.step;
  },
  seatView: () => undefined,
  bot: () => randomLegal,
  fallbackBot: randomLegal,
  eventLine: (e) => ({ seat: 'seat' in e ? e.seat : -1, type: e.type, text: e.type }),
  turnOf: (s) => s.turn.number,
  actionName: (a) => a.type,
};
