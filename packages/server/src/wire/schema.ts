/**
 * The room state every client receives (a @colyseus/schema mirror of the public game).
 * Field names are the contract with the clients: see docs/PROTOCOL.md. Small records that change as a
 * whole (log lines, tickets, cars with their loads, islands held, deliveries) are JSON text in string lists, not schema objects:
 * each schema object costs ~0.6 KB of change tracking per room (packages/client/src/wire.ts says more).
 *
 * Only two fields are private: PlayerSchema.hand and PlayerSchema.faceDownCards carry `.view()`,
 * so they reach just the client whose StateView holds that player (the seat's own connection). Nothing here ever
 * holds the deck order, the bag contents or (before the end) the seed.
 */
import { schema, t, type SchemaType } from '@colyseus/schema';

export const SeatInfo = schema({
  index: t.number().default(0),
  name: t.string().default(''),
  /** 'empty' | 'human' | 'bot' */
  kind: t.string().default('empty'),
  connected: t.boolean().default(false),
  /** A bot plays for an absent human (reconnection window over); the human can still come back. */
  botPlaying: t.boolean().default(false),
  isCreator: t.boolean().default(false),
  /** The seated player's public id in the players' database ('' for a bot or a player without identity): their page and rating. */
  playerId: t.string().default(''),
  /** The seated player has signed in to an account (only accounts' games are rated). */
  account: t.boolean().default(false),
}, 'SeatInfo');
export type SeatInfo = SchemaType<typeof SeatInfo>;

export const TurnSchema = schema({
  seat: t.number().default(0),
  actionsLeft: t.number().default(0),
  number: t.number().default(0),
  ending: t.boolean().default(false),
  /** JSON of the rules TurnState.queue (pending tasks of this turn). */
  queueJson: t.string().default('[]'),
}, 'TurnSchema');
export type TurnSchema = SchemaType<typeof TurnSchema>;

export const PlayerSchema = schema({
  seat: t.number().default(0),
  name: t.string().default(''),
  handCount: t.number().default(0),
  /** Owner only. */
  hand: t.array('string').view(),
  /**
   * This seat's connection only: ids of the face-down cards THIS seat loaded, on any train, in table
   * order (seat by seat, car by car, load by load). A train's owner does not learn what someone else
   * loaded face down on it.
   */
  faceDownCards: t.array('string').view(),
  /** One JSON object per car, engine first: {"card", "loads": [load objects]}. */
  trainJson: t.array('string'),
  buildings: t.array('string'),
  /** One JSON object per island held (client package, wire.ts: small records travel as JSON text). */
  islandsJson: t.array('string'),
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
  islandsOnMap: t.array('string'),
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
  /** JSON of currentDecision(); 'null' once the game is over. */
  decisionJson: t.string().default('null'),
  players: t.array(PlayerSchema),
}, 'GameSchema');
export type GameSchema = SchemaType<typeof GameSchema>;

export const IsleState = schema({
  /** 'lobby' | 'playing' | 'ended' */
  phase: t.string().default('lobby'),
  code: t.string().default(''),
  seatsTotal: t.number().default(1),
  /** 'multiplayer' | 'challenge' | 'scenario' */
  mode: t.string().default('multiplayer'),
  scenario: t.number().default(0),
  isPrivate: t.boolean().default(false),
  /** Seconds per decision; 0 = off. */
  turnTimeLimit: t.number().default(0),
  /** Epoch milliseconds when the current decision times out; 0 = no deadline. */
  decisionDeadline: t.number().default(0),
  /** 'random' | 'greedy' | 'strong' */
  botLevel: t.string().default('greedy'),
  seats: t.array(SeatInfo),
  /** Whether the game counts for ratings: in the lobby, whether it would if it started now; from the start on, fixed. */
  rated: t.boolean().default(false),
  seedHash: t.string().default(''),
  seed: t.string().default(''),
  game: t.ref(GameSchema).optional(),
  /** The newest log lines, each the JSON array [n, seat, type, text]. */
  logJson: t.array('string'),
  scoresJson: t.string().default(''),
  soloJson: t.string().default(''),
  /** Display names of the spectators connected now, in the order they came ('Spectator' when they gave none). */
  spectators: t.array('string'),
  /** Steps the seat to move could take back now with an `undo` message (0 = none). */
  undoable: t.number().default(0),
}, 'IsleState');
export type IsleState = SchemaType<typeof IsleState>;
