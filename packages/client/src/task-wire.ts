/**
 * The turn's tasks (the rules `TurnState.queue`) as they travel: one short JSON array per task, its values
 * in a fixed order without their names. The queue changes with most actions of a build, a payment or a
 * delivery, and a task written as its object repeats every field name each time (a delivery's was ~170
 * bytes, five of its fields booleans): `["pay",2,"build","Coach Level 2"]`, `["delivery",["cactus",1,0,0,0,0,0],[]]`.
 *
 * A task of a kind this module does not know travels as its JSON object, and an object is read back as it
 * is, so a new kind of task in the rules reaches clients before this table names it. Pure.
 */
import type { DeliveryProgress, Task } from '@isle-of-trains/rules';

type Kind = Task['kind'];
type FieldOf<K extends Kind> = Exclude<keyof Extract<Task, { kind: K }>, 'kind'>;

/**
 * Each kind's fields after `kind`, in the order the rules write them (so the text read back is the rules'
 * `JSON.stringify` of the task, key for key). An optional field is last and absent when the array ends before it.
 */
const TASK_FIELDS = {
  pay: ['count', 'reason', 'label'],
  discard: ['count', 'source'],
  bonus: ['bonus', 'source'],
  delivery: ['progress', 'afterDelivery'],
  handLimit: [],
  draw: ['count', 'source'],
  passengers: ['count', 'source'],
  vp: ['count', 'source'],
} as const satisfies { [K in Kind]: readonly FieldOf<K>[] };

/** A delivery's progress in order; the booleans travel as 0 and 1. */
const PROGRESS_FIELDS = ['at', 'steps', 'primary', 'secondary', 'passengerAsCargoUsed', 'remoteTicketUsed', 'anyPassengerUsed'] as const satisfies readonly (keyof DeliveryProgress)[];
const PROGRESS_FLAGS: ReadonlySet<string> = new Set(['primary', 'secondary', 'passengerAsCargoUsed', 'remoteTicketUsed', 'anyPassengerUsed']);

// Compile-time: every field of every kind (and of a delivery's progress) is listed, so none is dropped on the way.
type Unlisted = { [K in Kind]: Exclude<FieldOf<K>, (typeof TASK_FIELDS)[K][number]> }[Kind] | Exclude<keyof DeliveryProgress, (typeof PROGRESS_FIELDS)[number]>;
const everyFieldListed: [Unlisted] extends [never] ? true : never = true;
void everyFieldListed;

const known = (kind: unknown): kind is Kind => typeof kind === 'string' && Object.prototype.hasOwnProperty.call(TASK_FIELDS, kind);

function progressWire(p: DeliveryProgress): unknown[] {
  const r = p as unknown as Record<string, unknown>;
  return PROGRESS_FIELDS.map((f) => (PROGRESS_FLAGS.has(f) ? (r[f] ? 1 : 0) : r[f]));
}

function progressFromWire(a: unknown): DeliveryProgress {
  const values = Array.isArray(a) ? a : [];
  const out: Record<string, unknown> = {};
  PROGRESS_FIELDS.forEach((f, i) => { out[f] = PROGRESS_FLAGS.has(f) ? values[i] === 1 : values[i]; });
  return out as unknown as DeliveryProgress;
}

function taskArray(task: Task): unknown {
  if (!known(task.kind)) return task;
  const r = task as unknown as Record<string, unknown>;
  const out: unknown[] = [task.kind];
  for (const f of TASK_FIELDS[task.kind] as readonly string[]) {
    const v = r[f];
    if (v === undefined) break;
    out.push(f === 'progress' ? progressWire(v as DeliveryProgress) : f === 'afterDelivery' ? (v as Task[]).map(taskArray) : v);
  }
  return out;
}

function taskFromArray(a: unknown): unknown {
  if (!Array.isArray(a)) return a;
  const kind = a[0];
  if (!known(kind)) return { kind };
  const out: Record<string, unknown> = { kind };
  (TASK_FIELDS[kind] as readonly string[]).forEach((f, i) => {
    if (i + 1 >= a.length) return;
    const v = a[i + 1];
    out[f] = f === 'progress' ? progressFromWire(v) : f === 'afterDelivery' ? (Array.isArray(v) ? v.map(taskFromArray) : []) : v;
  });
  return out;
}

/** One task's wire text. */
export function taskWire(task: Task): string {
  return JSON.stringify(taskArray(task));
}

/** A task from its wire text (an object stays as it is); undefined when the text is not JSON. */
export function taskFromWire(text: string): unknown {
  try {
    return taskFromArray(JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}
