/**
 * The second game on the server (Ticket to Ride with the Northern Lights rules, on the project's own map of
 * Northern Europe): its rules (ttr-rules' definition), its room state (the table's common fields around the
 * `game` part of src/wire/ttr/schema.ts, owner-only hands, tickets and offers), its create options (2–5
 * seats, up to 4 bots, the map), its bots (the bots package's second-game bots: random, greedy and strong,
 * in the server's bot worker pool as Isle's) and its log lines (worded by the client package's `ttrEventLine`,
 * which replays use too).
 */
import { randomInt } from 'crypto';
import { createTtrBot } from '@isle-of-trains/bots';
import { builtInMap, DEFAULT_MAP_ID, isExactAction, mapRef, ttrGame, type TtrDefinition } from '@isle-of-trains/ttr-rules';
import { TTR_LOG_TEMPLATES, TTR_ROOM_NAME, TtrCreateOptionsSchema, ttrEventLine } from '@isle-of-trains/client/protocol';
import type { GameBot, ServerGame } from '../../game/server-game';
import type { CreateOptions } from '../../wire/options';
import { issuesText } from '../../wire/options';
import { tableStateClass, type TableState } from '../../wire/table-state';
import { TtrGameSchema } from '../../wire/ttr/schema';
import { mirrorTtrState, ttrSeatPart } from '../../wire/ttr/mirror';

type Bot = GameBot<ReturnType<TtrDefinition['view']>, ReturnType<TtrDefinition['legal']>[number]>;

export const TtrState = tableStateClass(TtrGameSchema, 'TtrState');

function gamePart(state: TableState): TtrGameSchema | undefined {
  return state.game as TtrGameSchema | undefined;
}

/** The create options as the room keeps them; the map id rides along (the table's fields are the common ones). */
type TtrRoomOptions = CreateOptions & { map?: string };

/**
 * A bot of the bots package at `level` on the main thread, with a seed of its own per room and per decision
 * (the same input never repeats a choice by chance): the server's bots when it runs no worker threads
 * (BOT_WORKERS=0), and tests' scripted bot sources.
 */
function ttrBot(level: string): Bot {
  const seed = randomInt(2 ** 31);
  let n = 0;
  const known = level === 'random' || level === 'greedy' || level === 'strong' ? level : 'greedy';
  return {
    chooseAction: ({ view, seat, history }) =>
      createTtrBot(known, { seed: (seed + n++) % 2 ** 31 }).chooseAction({ view, seat, history: history as never }),
  };
}

/** Some legal action of the seat, uniformly: the stand-in when a bot throws or picks an illegal action. */
const randomLegal: Bot = {
  chooseAction({ view, seat }) {
    const legal = ttrGame.legal(view, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} has no decision to make`);
    return legal[randomInt(legal.length)];
  },
};

export const ttrServerGame: ServerGame<TtrDefinition> = {
  definition: ttrGame,
  roomName: TTR_ROOM_NAME,
  State: TtrState as unknown as new () => TableState,

  parseCreateOptions(raw) {
    const parsed = TtrCreateOptionsSchema.safeParse(raw);
    return parsed.success ? { ok: true, options: parsed.data as unknown as CreateOptions } : { ok: false, message: issuesText(parsed.error) };
  },

  describe(state) {
    state.mode = 'multiplayer';
    state.scenario = 0;
  },

  setupOptions(o, seed, names) {
    // The game's options name the exact board (id, version, hash), not just its id: they are what the start
    // record stores, and a game stored on a map version that a later build archives must restore, replay
    // and be archived on that version, never on whatever the id means then. An unknown id goes on as it
    // came, for the rules to refuse with their message.
    const id = (o as TtrRoomOptions).map ?? DEFAULT_MAP_ID;
    const map = builtInMap(id);
    return { players: o.seats, seed, names, map: map ? mapRef(map) : id };
  },

  newGamePart: () => new TtrGameSchema(),

  mirror(state, match) {
    const g = gamePart(state);
    if (g) mirrorTtrState(g, match.state, ttrGame.view);
  },

  seatView: (state, seat) => {
    const g = gamePart(state);
    return g && g.players.length > seat ? ttrSeatPart(g, seat) : undefined;
  },

  // In the server's bot worker pool when it has one (as Isle's bots): the strong bot searches for up to its
  // 200 ms budget, which on the event loop would hold up every other room.
  bot: (level, factory) => factory.ttr?.(level) ?? ttrBot(level),
  fallbackBot: randomLegal,
  eventLine: (e, s) => ttrEventLine(e, s),
  turnOf: (s) => s.turn.number,
  logTemplates: TTR_LOG_TEMPLATES,
  actionName: (a) => a.type,
  // The rules' own exact-shape check (ttr-rules test/actions.test.ts holds it to ActionSchema on hostile
  // values): a well-formed intent skips zod here, as applyAction already lets it.
  exactAction: isExactAction,
};
