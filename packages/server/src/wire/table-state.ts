/**
 * The room state's fields that every game's table has (the phase, the seats, the log window, the join
 * code, spectators, the deadline, undo…), and the one way a game's state class is built from them:
 * these fields around the game's own `game` part.
 *
 * Why not a base class that each game extends: Colyseus numbers a class's fields after its parent's and
 * names the parent in the handshake, so an Isle state extending a common base would have moved `game`
 * to the end and changed every later field's number on the wire. Spreading the same field definitions
 * into each game's class keeps Isle's state exactly what it always was (same class name, same fields,
 * same order), and the common fields are still written once, here.
 */
import type { Schema } from '@colyseus/schema';
import { schema, t } from './colyseus-schema';
import { SeatInfo } from './seat-info';

/** The fields before `game` (fresh builders on each call: a builder belongs to one class). */
function fieldsBeforeGame() {
  return {
    /** 'lobby' | 'playing' | 'ended' */
    phase: t.string().default('lobby'),
    code: t.string().default(''),
    seatsTotal: t.number().default(1),
    /** 'multiplayer' | 'challenge' | 'scenario' (a game without solo modes is always 'multiplayer') */
    mode: t.string().default('multiplayer'),
    scenario: t.number().default(0),
    isPrivate: t.boolean().default(false),
    /** Seconds per decision; 0 = off. */
    turnTimeLimit: t.number().default(0),
    /**
     * Epoch milliseconds when the pending decision times out; 0 = no deadline. With several seats
     * deciding at once, one deadline for them all (docs/PROTOCOL.md, "Turn timer").
     */
    decisionDeadline: t.number().default(0),
    /** 'random' | 'greedy' | 'strong' */
    botLevel: t.string().default('greedy'),
    seats: t.array(SeatInfo),
    /** Whether the game counts for ratings: in the lobby, whether it would if it started now; from the start on, fixed. */
    rated: t.boolean().default(false),
    seedHash: t.string().default(''),
    seed: t.string().default(''),
  };
}

/** The fields after `game`. */
function fieldsAfterGame() {
  return {
    /** The newest log lines, each the JSON array [n, seat, type, text]. */
    logJson: t.array('string'),
    scoresJson: t.string().default(''),
    /** A solo game's status (JSON); '' otherwise. */
    soloJson: t.string().default(''),
    /**
     * JSON array of the display names of the spectators connected now, in the order they came ('Spectator' when
     * they gave none): one text, not a list, as it changes only when someone comes or goes (a list is a schema
     * object of its own, about 0.9 KB a room).
     */
    spectatorsJson: t.string().default('[]'),
    /** Steps the seat that made them can take back now with an `undo` message (0 = none; at most one seat has any at a time). */
    undoable: t.number().default(0),
  };
}

/** A game's room-state class: the table's fields, with `game` (the game's own schema class) between them. */
export function tableStateClass<G extends new (...args: any[]) => Schema>(game: G, name: string) {
  return schema({ ...fieldsBeforeGame(), game: t.ref(game).optional(), ...fieldsAfterGame() }, name);
}

/** What the table's code reads and writes of any game's room state: every common field; `game` as some schema. */
const Common = () => schema({ ...fieldsBeforeGame(), ...fieldsAfterGame() });
export type TableState = InstanceType<ReturnType<typeof Common>> & { game?: Schema };
