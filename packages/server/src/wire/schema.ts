/**
 * The room state every client receives (a @colyseus/schema mirror of the public game).
 * Field names are the contract with the clients: see docs/PROTOCOL.md. Small records that change as a
 * whole (log lines, tickets, cars with their loads, the turn's tasks) are JSON text in string lists, not schema objects:
 * each schema object costs ~0.6 KB of change tracking per room. The lists that change a few times a game
 * (buildings, islands held, face-down cards loaded, the islands on the map) are one JSON text each, not
 * lists: a list is a schema object too (packages/client/src/wire.ts says more).
 *
 * Only two fields are private: PlayerSchema.hand and PlayerSchema.faceDownJson carry `.view()`,
 * so they reach just the client whose StateView holds that player (the seat's own connection). Nothing here ever
 * holds the deck order, the bag contents or (before the end) the seed.
 */
import type { SchemaType } from '@colyseus/schema';
import { schema, t } from './colyseus-schema';
import { tableStateClass } from './table-state';

export { SeatInfo } from './seat-info';

export const TurnSchema = schema({
  seat: t.number().default(0),
  actionsLeft: t.number().default(0),
  number: t.number().default(0),
  ending: t.boolean().default(false),
  /** The rules TurnState.queue (pending tasks of this turn), one JSON text per task: a change resends only its task. */
  queueJson: t.array('string'),
}, 'TurnSchema');
export type TurnSchema = SchemaType<typeof TurnSchema>;

export const PlayerSchema = schema({
  seat: t.number().default(0),
  name: t.string().default(''),
  handCount: t.number().default(0),
  /** Owner only. */
  hand: t.array('string').view(),
  /**
   * This seat's connection only: JSON array of the ids of the face-down cards THIS seat loaded, on any
   * train, in table order (seat by seat, car by car, load by load). A train's owner does not learn what
   * someone else loaded face down on it.
   */
  faceDownJson: t.string().default('[]').view(),
  /** One JSON object per car, engine first: {"card", "loads": [load objects]}. */
  trainJson: t.array('string'),
  /** JSON array of building card ids. */
  buildingsJson: t.string().default('[]'),
  /** JSON array of the islands held, each {"island", "secondary"}. */
  heldIslandsJson: t.string().default('[]'),
  supply: t.array('string'),
  vp: t.number().default(0),
  /** JSON object destination → passengers delivered there. */
  deliveredJson: t.string().default('{}'),
}, 'PlayerSchema');
export type PlayerSchema = SchemaType<typeof PlayerSchema>;

export const GameSchema = schema({
  deckCount: t.number().default(0),
  discardCount: t.number().default(0),
  /** '' when the discard pile is empty. */
  discardTop: t.string().default(''),
  display: t.array('string'),
  bagCount: t.number().default(0),
  /** JSON array of the island cards still on the map. */
  islandsOnMapJson: t.string().default('[]'),
  /** One JSON object per ticket on the map. */
  ticketsJson: t.array('string'),
  progress: t.number().default(0),
  /** 0 in solo games. */
  progressThreshold: t.number().default(0),
  /** -1 when nobody holds it. */
  progressTrain: t.number().default(-1),
  endTriggered: t.boolean().default(false),
  /** -1 when the end has not been triggered. */
  finalTurnsLeft: t.number().default(-1),
  gameOver: t.boolean().default(false),
  /** '' while playing, else 'progress' | 'cards' | 'deck-empty' | 'objective'. */
  resultReason: t.string().default(''),
  /** '' in multiplayer, else 'playing' | 'won' | 'lost' | 'finished'. */
  soloOutcome: t.string().default(''),
  turn: t.ref(TurnSchema),
  // No decision field: clients derive currentDecision() from the turn (packages/client/src/wire.ts).
  players: t.array(PlayerSchema),
}, 'GameSchema');
export type GameSchema = SchemaType<typeof GameSchema>;

/**
 * Isle of Trains' room state: the table's common fields (src/wire/table-state.ts) around this game's
 * `game` part, in the field order and under the class name the wire has always had.
 */
export const IsleState = tableStateClass(GameSchema, 'IsleState');
export type IsleState = SchemaType<typeof IsleState>;
