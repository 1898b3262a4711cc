import { IntentSchema, exactIntent } from '../src/wire/options';

/** Bodies around the edges of the intent's shape. */
const bodies: unknown[] = [
  { action: { type: 'build' } }, { action: { type: 'build' }, id: 3 }, { action: null, id: 'x'.repeat(64) }, {},
  { action: 1, id: 'x'.repeat(65) }, { action: 1, id: 1.5 }, { action: 1, id: 2 ** 53 }, { action: 1, id: -7 }, { action: 1, id: null },
  { action: 1, extra: true }, { action: 1, id: undefined }, { action: undefined }, [], null, 'intent', 7, Object.create({ action: 1 }),
  Object.assign(Object.create(null), { action: 1 }), { action: 1, id: Number.NaN }, { id: 'only' },
];

test('every body the exact intent check accepts, zod accepts too, with the same data', () => {
  let accepted = 0;
  for (const body of bodies) {
    if (!exactIntent(body)) continue;
    accepted++;
    const parsed = IntentSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(body);
  }
  expect(accepted).toBe(5);
});

test('the exact check refuses what zod refuses', () => {
  for (const body of bodies) if (!IntentSchema.safeParse(body).success) expect(exactIntent(body)).toBe(false);
});
