/**
 * The shape of data/catalogue.json, as a zod schema, with the cross-checks the data must pass (71 train cards,
 * contracts naming known destinations, …). Its own module so that a browser bundle, which takes the data as
 * the server and the tests already checked it, need not carry zod for it (see catalogue-check.ts).
 */
import { z } from 'zod';
import { CARGO_TYPES, CATEGORIES } from './catalogue-names';

const Goods = z.enum(CARGO_TYPES);
const Symbol = z.enum(['coal', 'oil', 'box', 'all']);
const Bonus = z.enum(['A', 'L', 'B', 'D', 'LD']);

const BenefitSchema = z.object({
  on: z.enum(['coal', 'oil', 'box', 'passenger']),
  draw: z.number().int().min(0),
  discard: z.number().int().min(0).optional(),
  vp: z.number().int().min(0).optional(),
  bonus: Bonus.optional(),
});

const CabooseAbility = z.enum([
  'deliverDraw', 'coalLoadDraw', 'storeAny', 'extraBuilding', 'extendDiscount',
  'extraCapacity', 'passengerAsCargo', 'passengerLoadDraw', 'remoteTicket', 'anyPassengerTicket',
]);
const BuildingScoring = z.enum([
  'coalFactory', 'oilRefinery', 'customsHouse', 'bank', 'grandCentral', 'townHall', 'railYard',
  'middleStation', 'northernStation', 'southernStation',
]);

const CardKindSchema = z.object({
  kind: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  category: z.enum(CATEGORIES),
  level: z.number().int().min(1).max(3).nullable(),
  cost: z.number().int().min(0),
  weight: z.number().int().min(0),
  engineCapacity: z.number().int().min(0),
  cargoCapacity: z.number().int().min(0),
  passengerCapacity: z.number().int().min(0),
  vp: z.number().int().min(0),
  passengersOnBuild: z.number().int().min(0),
  benefit: BenefitSchema.optional(),
  ability: CabooseAbility.optional(),
  scoring: BuildingScoring.optional(),
  symbols: z.array(Symbol).min(1),
  effect: z.string().min(1),
});

const ContractSchema = z.object({ goods: z.array(Goods).min(2), vp: z.number().int().min(1) });
const RewardSchema = z.object({ cards: z.number().int().min(0), vp: z.number().int().min(0), bonus: z.enum(['L', 'B']).optional() });
const ObjectiveSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('contracts'), islands: z.array(z.string()) }),
  z.object({ kind: z.literal('buildings'), count: z.number().int() }),
  z.object({ kind: z.literal('score'), points: z.number().int() }),
  z.object({ kind: z.literal('cars'), count: z.number().int() }),
  z.object({ kind: z.literal('ticketsFilled'), count: z.number().int() }),
  z.object({ kind: z.literal('buildingPoints'), points: z.number().int() }),
  z.object({ kind: z.literal('primaries'), count: z.number().int() }),
  z.object({ kind: z.literal('level3'), categories: z.array(z.enum(CATEGORIES)) }),
]);

export const CatalogueSchema = z.object({
  version: z.literal(1),
  cards: z.array(CardKindSchema),
  destinations: z.array(z.object({
    id: z.string(), name: z.string(), colour: z.string(), colourHex: z.string(), symbol: z.string(),
    station: z.enum(['northern', 'middle', 'southern']),
  })).length(6),
  islands: z.array(z.object({
    id: z.string(), name: z.string(), destination: z.string().nullable(),
    primary: ContractSchema, secondary: z.array(ContractSchema).length(2),
  })).length(7),
  tickets: z.array(z.object({ id: z.string(), name: z.string(), rewards: z.array(RewardSchema).length(3) })).length(6),
  passengersPerDestination: z.number().int().min(1),
  progressThresholds: z.record(z.string(), z.number().int().min(1)),
  startingHand: z.number().int(),
  startingPassengers: z.number().int(),
  displaySize: z.number().int(),
  handLimit: z.number().int(),
  actionsPerTurn: z.number().int(),
  specialDeliveryCards: z.number().int(),
  solo: z.object({ returnCost: z.number().int(), ratings: z.array(z.object({ min: z.number().int(), name: z.string() })) }),
  scenarios: z.array(z.object({
    chapter: z.number().int().min(1).max(10),
    title: z.string(),
    objective: ObjectiveSchema,
    rules: z.object({
      unlimitedBuildings: z.boolean().optional(),
      researchStation: z.boolean().optional(),
      noSecondary: z.boolean().optional(),
      returnCost: z.number().int().optional(),
      tokensNegative: z.boolean().optional(),
    }),
  })).length(10),
}).superRefine((c, ctx) => {
  const total = c.cards.reduce((n, k) => n + k.symbols.length, 0);
  if (total !== 71) ctx.addIssue({ code: 'custom', message: `expected 71 train cards, found ${total}` });
  const dests = new Set(c.destinations.map((d) => d.id));
  for (const i of c.islands) {
    if (i.primary.goods.length !== 2) ctx.addIssue({ code: 'custom', message: `${i.id}: a primary contract asks for exactly two goods` });
    if (i.destination !== null && !dests.has(i.destination)) ctx.addIssue({ code: 'custom', message: `${i.id}: unknown destination` });
  }
});

export type CatalogueData = z.infer<typeof CatalogueSchema>;
export type CardKind = z.infer<typeof CardKindSchema>;
export type Benefit = z.infer<typeof BenefitSchema>;
export type Contract = z.infer<typeof ContractSchema>;
export type TicketReward = z.infer<typeof RewardSchema>;
export type Objective = z.infer<typeof ObjectiveSchema>;
export type ScenarioDef = CatalogueData['scenarios'][number];
export type IslandDef = CatalogueData['islands'][number];
export type DestinationDef = CatalogueData['destinations'][number];
export type TicketDef = CatalogueData['tickets'][number];
