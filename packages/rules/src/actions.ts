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

// ---- Exact shape check (the fast door for well-formed input) -------------------------------------------

const hasOwn = Object.prototype.hasOwnProperty;

function isId(v: unknown): v is string {
  return typeof v === 'string' && v.length >= 1 && v.length <= 40;
}
function isSeatNumber(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 3;
}
/** A plain object whose own keys are all in `allowed` (zod's `.strict()`), each present key's value checked below. */
function onlyKeys(o: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const k in o) {
    if (!hasOwn.call(o, k)) return false;
    if (!allowed.includes(k)) return false;
  }
  return true;
}
function optional(o: Record<string, unknown>, k: string, check: (v: unknown) => boolean): boolean {
  return !hasOwn.call(o, k) || check(o[k]);
}

/**
 * True when `v` is an action exactly as ActionSchema describes it, written out by hand: every action
 * `legalActions` lists passes it, and applyAction then needs no zod parse. It is deliberately narrow
 * (plain objects and arrays only, optional fields absent rather than undefined): anything it refuses is
 * still parsed by zod, so it can only make acceptance faster, never different (test/actions.test.ts
 * checks it against ActionSchema with fast-check).
 */
export function isExactAction(v: unknown): v is Action {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  if (Object.getPrototypeOf(v) !== Object.prototype) return false;
  const o = v as Record<string, unknown>;
  for (const k in o) if (o[k] === undefined) return false;
  switch (o.type) {
    case 'take':
      if (o.from === 'display') return onlyKeys(o, ['type', 'from', 'card']) && isId(o.card);
      return (o.from === 'deck' || o.from === 'bag') && onlyKeys(o, ['type', 'from']);
    case 'build':
      return onlyKeys(o, ['type', 'card', 'upgrade', 'replace', 'scrap']) && isId(o.card)
        && optional(o, 'upgrade', isId) && optional(o, 'replace', isId) && optional(o, 'scrap', isId);
    case 'loadCard':
      return onlyKeys(o, ['type', 'card', 'seat', 'car', 'faceDown']) && isId(o.card) && isSeatNumber(o.seat) && isId(o.car)
        && optional(o, 'faceDown', (x) => typeof x === 'boolean');
    case 'loadPassenger':
      return onlyKeys(o, ['type', 'passenger', 'seat', 'car']) && isId(o.passenger) && isSeatNumber(o.seat) && isId(o.car);
    case 'deliver':
      return onlyKeys(o, ['type', 'at']) && isId(o.at);
    case 'deliverPrimary':
      return onlyKeys(o, ['type', 'items']) && isIdList(o.items);
    case 'deliverSecondary':
      return onlyKeys(o, ['type', 'contract', 'items']) && (o.contract === 0 || o.contract === 1) && isIdList(o.items);
    case 'deliverTicket':
      return onlyKeys(o, ['type', 'passenger', 'to']) && isId(o.passenger) && optional(o, 'to', isId);
    case 'deliverAnyPassenger':
      return onlyKeys(o, ['type', 'passenger']) && isId(o.passenger);
    case 'deliverSpecial':
      return onlyKeys(o, ['type', 'item']) && isId(o.item);
    case 'discard':
      return onlyKeys(o, ['type', 'card']) && isId(o.card);
    case 'endDelivery':
    case 'skip':
    case 'returnCard':
      return onlyKeys(o, ['type']);
    default:
      return false;
  }
}

function isIdList(v: unknown): boolean {
  if (!Array.isArray(v) || Object.getPrototypeOf(v) !== Array.prototype) return false;
  if (v.length < 1 || v.length > 8) return false;
  for (let i = 0; i < v.length; i++) if (!(i in v) || !isId(v[i])) return false;
  // Keys beside the elements are not looked for (zod would give back the elements only): no msgpack or JSON
  // decoder makes such an array, the rules never read them, and counting keys made this check several times slower.
  return true;
}
