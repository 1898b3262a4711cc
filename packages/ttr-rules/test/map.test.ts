/** The map loader: the shipped map loads; a broken map is refused with a message naming the fault. */
import raw from '../data/maps/northern-europe.json';
import { loadMap, mapOf, MapError, NORTHERN_EUROPE } from '../src';

type Raw = typeof raw;
const copy = (): Raw => JSON.parse(JSON.stringify(raw)) as Raw;

function refusal(mutate: (m: Raw) => unknown): string {
  try {
    loadMap(mutate(copy()));
  } catch (e) {
    expect(e).toBeInstanceOf(MapError);
    expect((e as MapError).code).toBe('BAD_MAP');
    return (e as MapError).message;
  }
  throw new Error('the broken map was accepted');
}

test('the shipped map loads, with its size and a stable hash', () => {
  expect(NORTHERN_EUROPE.id).toBe('northern-europe-original');
  expect(NORTHERN_EUROPE.routes).toHaveLength(159);
  expect(NORTHERN_EUROPE.tickets).toHaveLength(55);
  expect(NORTHERN_EUROPE.city.size).toBe(51);
  expect(NORTHERN_EUROPE.sha256).toMatch(/^[0-9a-f]{64}$/);
  expect(loadMap(copy()).sha256).toBe(NORTHERN_EUROPE.sha256);
  const changed = copy();
  changed.name += ' ';
  expect(loadMap(changed).sha256).not.toBe(NORTHERN_EUROPE.sha256);
});

const firstRail = (m: Raw) => m.routes.find((r) => r.kind === 'rail')!;
const firstFerry = (m: Raw) => m.routes.find((r) => r.kind === 'ferry')!;
const firstDouble = (m: Raw) => m.routes.find((r) => r.kind === 'rail' && r.tracks === 2)!;

test.each<[string, (m: Raw) => unknown, string]>([
  ['not an object', () => 'a map', 'map:'],
  ['another format', (m) => ({ ...m, format: 'ttr-map/2' }), 'format'],
  ['a route to an unknown city', (m) => { m.routes[0].to = 'atlantis'; return m; }, 'route 1: unknown city atlantis'],
  ['a duplicate route id', (m) => { m.routes[1].id = m.routes[0].id; return m; }, 'duplicate route id 1'],
  ['a length of 0', (m) => { m.routes[0].length = 0; return m; }, 'length must be 1 to 6'],
  ['a length of 7', (m) => { m.routes[0].length = 7; return m; }, 'length must be 1 to 6'],
  ['a length not from the distance', (m) => { const r = firstRail(m); for (const x of m.routes) if (x.pair === r.pair) x.length += 1; return m; }, 'the distance gives'],
  ['more ferry icons than spaces', (m) => { const r = firstFerry(m); for (const x of m.routes) if (x.pair === r.pair) x.locomotives = r.length + 1; return m; }, 'locomotive icons on 2 spaces'],
  ['a ferry without icons', (m) => { const r = firstFerry(m); for (const x of m.routes) if (x.pair === r.pair) x.locomotives = 0; return m; }, 'at least one locomotive icon'],
  ['a rail route turned gray', (m) => { firstRail(m).color = 'gray'; return m; }, 'not gray'],
  ['a ferry given a colour', (m) => { firstFerry(m).color = 'red'; return m; }, 'ferries are gray'],
  ['a double route with one colour twice', (m) => { const r = firstDouble(m); m.routes.find((x) => x.pair === r.pair && x !== r)!.color = r.color; return m; }, 'share a colour'],
  ['a city cut off', (m) => {
    const gone = new Set(m.routes.filter((r) => r.from === 'kirkenes' || r.to === 'kirkenes').map((r) => r.id));
    m.routes = m.routes.filter((r) => !gone.has(r.id));
    m.tickets = m.tickets.filter((t) => t.from !== 'kirkenes' && t.to !== 'kirkenes');
    return m;
  }, 'not connected'],
  ['a wrong arctic flag (Rovaniemi, 66.50° N)', (m) => { m.cities.find((c) => c.id === 'rovaniemi')!.arctic = true; return m; }, 'city rovaniemi: arctic flag'],
  ['ticket points off by one', (m) => { m.tickets[0].points += 1; return m; }, 'shortest path'],
  ['a duplicate ticket', (m) => { m.tickets.push({ ...m.tickets[0], id: 999 }); return m; }, 'appears twice'],
  ['a ticket to an unknown city', (m) => { m.tickets[0].to = 'atlantis'; return m; }, 'ticket 1: unknown city atlantis'],
  ['one colour overused', (m) => { for (const r of m.routes.filter((x) => x.kind === 'rail' && x.tracks === 1).slice(0, 8)) r.color = 'black'; return m; }, 'colour'],
  ['a tenth country', (m) => { m.countries.push({ id: 'RU', name: 'Russia' }); return m; }, 'expected 9 countries'],
  ['a capital that is not a city', (m) => { m.bonusTargets.capitals[0] = 'atlantis'; return m; }, 'bonusTargets.capitals names unknown city atlantis'],
])('refuses %s', (_name, mutate, expected) => {
  expect(refusal(mutate)).toContain(expected);
});

test('a game recorded on another version of the map is refused, not replayed on this one', () => {
  expect(() => mapOf({ id: NORTHERN_EUROPE.id, version: '0.0.1', sha256: '0'.repeat(64) })).toThrow(/played on version 0.0.1/);
  expect(() => mapOf({ id: 'elsewhere', version: '1', sha256: '0'.repeat(64) })).toThrow(/no map with id elsewhere/);
});
