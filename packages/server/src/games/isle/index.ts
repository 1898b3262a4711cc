/**
 * Isle of Trains on the server: its rules (the rules package's definition), its room state (the wire the
 * clients have always decoded: src/wire/schema.ts and src/wire/mirror.ts), its create options and seat
 * bounds (1–4 seats, solo modes, at most 3 bots), its bots (the bots package) and its log lines (the
 * rules' events carry their own text).
 */
import { isleGame, isExactAction, soloStatus, type IsleDefinition } from '@isle-of-trains/rules';
import { ISLE_LOG_TEMPLATES, ROOM_NAME } from '@isle-of-trains/client/protocol';
import type { ServerGame } from '../../game/server-game';
import { CreateOptionsSchema, issuesText } from '../../wire/options';
import { GameSchema, IsleState } from '../../wire/schema';
import { mirrorState } from '../../wire/mirror';
import type { TableState } from '../../wire/table-state';
import { randomBot } from '../../bots/bots';

function gamePart(state: TableState): GameSchema | undefined {
  return state.game as GameSchema | undefined;
}

export const isleServerGame: ServerGame<IsleDefinition> = {
  definition: isleGame,
  roomName: ROOM_NAME,
  State: IsleState as unknown as new () => TableState,

  parseCreateOptions(raw) {
    const parsed = CreateOptionsSchema.safeParse(raw);
    return parsed.success ? { ok: true, options: parsed.data } : { ok: false, message: issuesText(parsed.error) };
  },

  describe(state, o) {
    state.mode = o.seats === 1 ? (o.mode ?? 'challenge') : 'multiplayer';
    state.scenario = o.scenario ?? 0;
  },

  setupOptions(o, seed, names) {
    const options: ReturnType<ServerGame<IsleDefinition>['setupOptions']> = { players: o.seats, seed, names };
    if (o.seats === 1) {
      options.mode = o.mode ?? 'challenge';
      if (o.scenario !== undefined) options.scenario = o.scenario;
    }
    return options;
  },

  newGamePart: () => new GameSchema(),

  mirror(state, match) {
    const g = gamePart(state);
    const game = match.state;
    if (!g) return;
    mirrorState(g, game);
    const solo = soloStatus(game);
    const soloJson = solo ? JSON.stringify(solo) : '';
    if (state.soloJson !== soloJson) state.soloJson = soloJson;
  },

  seatView: (state, seat) => gamePart(state)?.players[seat],

  bot: (level, factory) => factory(level),
  fallbackBot: randomBot,
  // The rules' events already read as lines: their seat, kind and public text.
  eventLine: (e) => ({ seat: e.seat ?? -1, type: e.type, text: e.text }),
  turnOf: (s) => s.turn.number,
  logTemplates: ISLE_LOG_TEMPLATES,
  actionName: (a) => a.type,
  exactAction: isExactAction,
};
