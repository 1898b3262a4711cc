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

const hasOwn = Object.prototype.hasOwnProperty;
const CARD_NAMES: readonly string[] = CARDS;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}
/** Own enumerable keys all in `allowed`, none of them undefined (zod's strict object, optional fields absent). */
function onlyKeys(o: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const k in o) {
    if (!hasOwn.call(o, k) || !allowed.includes(k) || o[k] === undefined) return false;
  }
  return true;
}
function isWhole(v: unknown, min: number, max: number): boolean {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;
}
function isPayment(v: unknown): boolean {
  if (!isPlainObject(v) || !onlyKeys(v, CARD_NAMES)) return false;
  for (const k in v) if (!isWhole(v[k], 0, 114)) return false;
  return true;
}
function isTicketList(v: unknown): boolean {
  if (!Array.isArray(v) || Object.getPrototypeOf(v) !== Array.prototype || v.length > 8) return false;
  for (let i = 0; i < v.length; i++) if (!(i in v) || !isWhole(v[i], 1, Number.MAX_SAFE_INTEGER)) return false;
  // Keys beside the elements are not looked for (zod would give back the elements only): no msgpack or JSON
  // decoder makes such an array, the rules never read them, and counting keys made this check several times slower.
  return true;
}

/**
 * True when `v` is an action exactly as ActionSchema describes it, written out by hand, so that applyAction
 * needs no zod parse for the actions legalActions lists (zod is most of an accepted action's cost). Narrow
 * on purpose (plain objects and arrays only, optional fields absent rather than undefined): whatever it
 * refuses still goes through zod, so it only makes acceptance faster, never different
 * (test/actions.test.ts holds it against ActionSchema with fast-check).
 */
export function isExactAction(v: unknown): v is Action {
  if (!isPlainObject(v)) return false;
  switch (v.type) {
    case 'keepTickets':
      return onlyKeys(v, ['type', 'keep']) && isTicketList(v.keep);
    case 'drawFaceUp':
      return onlyKeys(v, ['type', 'card']) && typeof v.card === 'string' && CARD_NAMES.includes(v.card);
    case 'claim':
      return onlyKeys(v, ['type', 'route', 'pay']) && isWhole(v.route, 1, Number.MAX_SAFE_INTEGER) && isPayment(v.pay);
    case 'drawBlind':
    case 'drawTickets':
    case 'pass':
      return onlyKeys(v, ['type']);
    default:
      return false;
  }
}
