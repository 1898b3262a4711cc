/** The actions a seat may send, as zod schemas: anything from outside is parsed before the rules look at it. */
import { z } from 'zod';
import { CARDS, type Card, type Hand } from './cards';

const CardSchema = z.enum(CARDS as [Card, ...Card[]]);
const Count = z.number().int().min(0).max(114);

/** A payment: how many of each card; cards not named are not paid. */
export const PaymentSchema = z.strictObject({
  purple: Count.optional(), blue: Count.optional(), orange: Count.optional(), white: Count.optional(),
  green: Count.optional(), yellow: Count.optional(), black: Count.optional(), red: Count.optional(), loco: Count.optional(),
});
export type Payment = Partial<Hand>;

export const ActionSchema = z.discriminatedUnion('type', [
  /** Keep these tickets of the offer (the rest go under the ticket deck). */
  z.strictObject({ type: z.literal('keepTickets'), keep: z.array(z.number().int().positive()).max(8) }),
  /** Take a face-up card of this kind (the cards of one kind are alike, so the slot is no real choice). */
  z.strictObject({ type: z.literal('drawFaceUp'), card: CardSchema }),
  z.strictObject({ type: z.literal('drawBlind') }),
  z.strictObject({ type: z.literal('claim'), route: z.number().int().positive(), pay: PaymentSchema }),
  z.strictObject({ type: z.literal('drawTickets') }),
  z.strictObject({ type: z.literal('pass') }),
]);
export type Action = z.infer<typeof ActionSchema>;
export type ActionType = Action['type'];

/** A payment with every card named, in CARDS order. */
export function fullPayment(p: Payment): Hand {
  return {
    purple: p.purple ?? 0, blue: p.blue ?? 0, orange: p.orange ?? 0, white: p.white ?? 0, green: p.green ?? 0,
    yellow: p.yellow ?? 0, black: p.black ?? 0, red: p.red ?? 0, loco: p.loco ?? 0,
  };
}

/** A payment with only the cards paid, in CARDS order: the one spelling legal() and payments() use. */
export function compactPayment(h: Hand): Payment {
  const out: Payment = {};
  for (const c of CARDS) if (h[c] > 0) out[c] = h[c];
  return out;
}
