/**
 * The second game's `game` part of the room state (@colyseus/schema 5): the classes a `ttr` room's state
 * holds under `game`, beside the table fields every room has. Field names are the contract with the
 * clients: the client package's `TtrGameWire` (packages/client/src/ttr/wire.ts) is what they decode, a
 * compile-time check holds the two together (test/ttr-state-shape.test.ts), docs/PROTOCOL.md ("Second
 * game") says what each field means.
 *
 * Private: only `hand`, `ticketsJson` and `offerJson` of a player carry `.view()`, so they reach just the client
 * whose StateView holds that player (the seat's own connection: `ttrSeatPart`, mirror.ts). Nothing here ever
 * holds the deck order, the ticket deck's order, the tickets a seat gave back, the generator or the seed.
 * Small records that change as a whole are JSON text (see the client package's wire.ts for why).
 */
import type { SchemaType } from '@colyseus/schema';
import { schema, t } from '../colyseus-schema';

export const TtrTurnSchema = schema({
  seat: t.number().default(0),
  number: t.number().default(0),
  /** 'setup' | 'turn' | 'secondCard' | 'keepTickets' */
  step: t.string().default('setup'),
}, 'TtrTurnSchema');
export type TtrTurnSchema = SchemaType<typeof TtrTurnSchema>;

export const TtrPlayerSchema = schema({
  seat: t.number().default(0),
  name: t.string().default(''),
  trainsLeft: t.number().default(0),
  routePoints: t.number().default(0),
  handCount: t.number().default(0),
  ticketCount: t.number().default(0),
  offerCount: t.number().default(0),
  /** Owner only: nine counts in ttr-rules' CARDS order. */
  hand: t.array('number').view(),
  /** Owner only: JSON array of the kept ticket ids, in the order kept. */
  ticketsJson: t.string().default('[]').view(),
  /** Owner only: JSON array of the ticket ids on offer; `[]` when not choosing. */
  offerJson: t.string().default('[]').view(),
  /** '' while the game runs; then JSON {"hand","tickets"} as the final count shows them. */
  shownJson: t.string().default(''),
}, 'TtrPlayerSchema');
export type TtrPlayerSchema = SchemaType<typeof TtrPlayerSchema>;

export const TtrGameSchema = schema({
  mapId: t.string().default(''),
  mapVersion: t.string().default(''),
  mapHash: t.string().default(''),
  rulesVersion: t.number().default(0),
  deckCount: t.number().default(0),
  discardCount: t.number().default(0),
  /** JSON object card → count. */
  discardCountsJson: t.string().default('{}'),
  /** Five face-up slots; '' for an empty one. */
  display: t.array('string'),
  ticketDeckCount: t.number().default(0),
  /** One JSON object per bonus card in play: {"card","measures","leaders"}. */
  bonusJson: t.array('string'),
  /** Owner seat per route, in the map's route order (route id − 1); −1 while open. */
  claims: t.array('number'),
  players: t.array(TtrPlayerSchema),
  turn: t.ref(TtrTurnSchema),
  passesInARow: t.number().default(0),
  /** −1 before the last round is triggered. */
  endTriggeredBy: t.number().default(-1),
  /** −1 before the last round. */
  finalTurnsLeft: t.number().default(-1),
  gameOver: t.boolean().default(false),
  /** '' while playing, else 'trains' | 'passes'. */
  resultReason: t.string().default(''),
  /** JSON array of the decisions open now (several seats at once in the opening ticket choice). */
  pendingJson: t.string().default('[]'),
  /** '' while playing; then JSON of ttr-rules' ScoreBreakdown. */
  scoresJson: t.string().default(''),
}, 'TtrGameSchema');
export type TtrGameSchema = SchemaType<typeof TtrGameSchema>;
