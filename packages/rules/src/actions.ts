/**
 * Every action a seat can send, as zod schemas shared by the server and all
 * clients. Multi-part choices (paying for a build, discarding, delivering to
 * several places at one destination) are sent one step at a time, so that
 * `legalActions` can list every possibility exactly.
 */
import { z } from 'zod';

const Id = z.string().min(1).max(40);

export const TakeSchema = z.discriminatedUnion('from', [
  z.object({ type: z.literal('take'), from: z.literal('display'), card: Id }).strict(),
  z.object({ type: z.literal('take'), from: z.literal('deck') }).strict(),
  z.object({ type: z.literal('take'), from: z.literal('bag') }).strict(),
]);

export const ActionSchema = z.union([
  TakeSchema,
  z.object({
    type: z.literal('build'),
    card: Id,
    /** Upgrade this car (same category, higher level); absent means extend the train. */
    upgrade: Id.optional(),
    /** Building to replace when you already own as many buildings as you may. */
    replace: Id.optional(),
    /** Optional: first scrap this non-engine car to save weight. */
    scrap: Id.optional(),
  }).strict(),
  z.object({
    type: z.literal('loadCard'),
    card: Id,
    seat: z.number().int().min(0).max(3),
    car: Id,
    /** Load face down as the car's type, paying one more card. */
    faceDown: z.boolean().optional(),
  }).strict(),
  z.object({ type: z.literal('loadPassenger'), passenger: Id, seat: z.number().int().min(0).max(3), car: Id }).strict(),
  z.object({ type: z.literal('deliver'), at: Id }).strict(),
  z.object({ type: z.literal('deliverPrimary'), items: z.array(Id).min(1).max(8) }).strict(),
  z.object({ type: z.literal('deliverSecondary'), contract: z.number().int().min(0).max(1), items: z.array(Id).min(1).max(8) }).strict(),
  z.object({ type: z.literal('deliverTicket'), passenger: Id, to: Id.optional() }).strict(),
  z.object({ type: z.literal('deliverAnyPassenger'), passenger: Id }).strict(),
  z.object({ type: z.literal('deliverSpecial'), item: Id }).strict(),
  z.object({ type: z.literal('endDelivery') }).strict(),
  z.object({ type: z.literal('discard'), card: Id }).strict(),
  z.object({ type: z.literal('skip') }).strict(),
  z.object({ type: z.literal('returnCard') }).strict(),
]);

export type Action = z.infer<typeof ActionSchema>;
export type ActionType = Action['type'];
