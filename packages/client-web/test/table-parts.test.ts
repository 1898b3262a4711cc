/**
 * The table's parts are drawn again only when what they show changed (src/render/vdom.ts `Memos`): checked on
 * the virtual nodes renderTable returns, without a page. A kept part comes back holding the very node of the
 * render before; a part drawn again holds a new one.
 */
import type { VNode } from 'preact';
import { Memos } from '../src/render/vdom';
import { quickKeysByIsland, renderTable, type TableExtras } from '../src/render/table';
import type { OfferCtx } from '../src/render/parts';
import type { Offer, TargetOffer } from '../src/intents';
import { tableModel } from '../src/view-model';
import { game, roomFromState } from './helpers';

/** Every kept-or-built part in a rendered tree, by its key: the node it holds. */
function parts(node: unknown, out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(node)) {
    for (const c of node) parts(c, out);
    return out;
  }
  if (!node || typeof node !== 'object') return out;
  const v = node as VNode<{ node?: unknown; children?: unknown }>;
  if (typeof v.type === 'function' && v.props && 'node' in v.props) {
    out.set(String(v.key), v.props.node);
    parts(v.props.node, out);
  }
  parts(v.props?.children, out);
  return out;
}

/** The text a rendered tree would show (its string children, in order). */
function texts(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const c of node) texts(c, out);
  else if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') {
    const v = node as VNode<{ node?: unknown; children?: unknown }>;
    if (v.props && 'node' in v.props) texts(v.props.node, out);
    texts(v.props?.children, out);
  }
  return out;
}

/** Whether a rendered tree holds an element offering the target `key` (its data-key). */
function hasKey(node: unknown, key: string): boolean {
  if (Array.isArray(node)) return node.some((c) => hasKey(c, key));
  if (!node || typeof node !== 'object') return false;
  const v = node as VNode<{ node?: unknown; children?: unknown; 'data-key'?: string }>;
  if (v.props?.['data-key'] === key) return true;
  return (!!v.props && 'node' in v.props && hasKey(v.props.node, key)) || hasKey(v.props?.children, key);
}

const noop = () => undefined;
const extras: TableExtras = {
  statusText: '', statusKind: '', refusal: null, detailsCard: null, detailsPinned: false, turnTimeLimit: 0, deadline: null, chapter: 0,
  onDismissRefusal: noop, onLeave: noop, endPanel: null,
};
const target = (hint: string): TargetOffer => ({ hint, effect: { select: { kind: 'none' } } });
const ctxOf = (targets: Record<string, TargetOffer>): OfferCtx => {
  const offer: Offer = { prompt: 'Choose', targets, buttons: [], canCancel: false };
  return { offer, selected: null, live: true, ui: { pick: noop, details: noop } as unknown as OfferCtx['ui'] };
};

test('a quick delivery offered at one destination draws that tile again and keeps the island\'s other tiles', () => {
  const room = roomFromState(game(), 0);
  const m = tableModel(room, 0)!;
  const ids = m.islands.map((i) => i.id);
  expect(ids.length).toBeGreaterThanOrEqual(2);
  const [a] = ids;
  const memos = new Memos();
  const first = parts(renderTable(m, ctxOf({ deck: target('Draw') }), extras, memos));
  memos.sweep();
  // The same offer plus a ticket delivery at the first destination.
  const second = parts(renderTable(m, ctxOf({ deck: target('Draw'), [`quick:${a}:ticket`]: target('Ticket: 2 points') }), extras, memos));
  memos.sweep();
  for (const id of ids) expect(first.get(`tile:${id}`)).toBeDefined();
  expect(second.get(`tile:${a}`)).not.toBe(first.get(`tile:${a}`));
  // The tile drawn again shows the delivery; the others do not.
  expect(texts(second.get(`tile:${a}`))).toContain('Ticket: 2 points');
  expect(texts(first.get(`tile:${a}`))).not.toContain('Ticket: 2 points');
  for (const id of ids.slice(1)) expect(second.get(`tile:${id}`)).toBe(first.get(`tile:${id}`));
  // A change in a target no tile shows (the deck's hint) keeps every tile.
  const third = parts(renderTable(m, ctxOf({ deck: target('Draw a card'), [`quick:${a}:ticket`]: target('Ticket: 2 points') }), extras, memos));
  for (const id of ids) expect(third.get(`tile:${id}`)).toBe(second.get(`tile:${id}`));
});

test('the quick deliveries are grouped by the destination their key names', () => {
  const by = quickKeysByIsland({ deck: 1, 'quick:north:ticket': 1, 'quick:north:contract:2': 1, 'quick:bay:ticket': 1, 'destination:north': 1 });
  expect([...by]).toEqual([['north', ['quick:north:ticket', 'quick:north:contract:2']], ['bay', ['quick:bay:ticket']]]);
});

test('a card that becomes a target draws its frame and hint again but keeps its printed face; an island keeps its contracts', () => {
  const room = roomFromState(game(), 0);
  const m = tableModel(room, 0)!;
  const [first, second] = m.hand ?? [];
  expect(second).toBeDefined();
  const island = m.islands[0].id;
  const memos = new Memos();
  const before = parts(renderTable(m, ctxOf({}), extras, memos));
  memos.sweep();
  const after = parts(renderTable(m, ctxOf({ [`hand:${first}`]: target('Build'), [`destination:${island}`]: target('Deliver here') }), extras, memos));
  memos.sweep();
  // The card with the new move: its part is built again, around the same face.
  expect(after.get(`card-part:hand:${first}`)).not.toBe(before.get(`card-part:hand:${first}`));
  expect(after.get(`face:hand:${first}`)).toBeDefined();
  expect(after.get(`face:hand:${first}`)).toBe(before.get(`face:hand:${first}`));
  // Drawn again with its move's hint, and still with its printed face inside.
  expect(texts(after.get(`card-part:hand:${first}`))).toContain('Build');
  expect(texts(before.get(`card-part:hand:${first}`))).not.toContain('Build');
  expect(texts(after.get(`card-part:hand:${first}`)).length).toBeGreaterThan(3);
  // A card whose moves did not change is kept whole.
  expect(after.get(`card-part:hand:${second}`)).toBe(before.get(`card-part:hand:${second}`));
  // The destination offered is drawn again, its contracts kept.
  expect(after.get(`tile:${island}`)).not.toBe(before.get(`tile:${island}`));
  expect(after.get(`contracts:${island}`)).toBeDefined();
  expect(after.get(`contracts:${island}`)).toBe(before.get(`contracts:${island}`));
});

test('a destination offered keeps its ticket tile until a passenger is delivered to it', () => {
  const room = roomFromState(game(), 0);
  const m = tableModel(room, 0)!;
  const dest = m.destinations.find((d) => d.ticket);
  expect(dest).toBeDefined();
  const island = m.islands.find((i) => i.destination?.id === dest!.id)!.id;
  const memos = new Memos();
  const before = parts(renderTable(m, ctxOf({}), extras, memos));
  memos.sweep();
  const after = parts(renderTable(m, ctxOf({ [`destination:${island}`]: target('Deliver here') }), extras, memos));
  memos.sweep();
  expect(after.get(`tile:${island}`)).not.toBe(before.get(`tile:${island}`));
  expect(after.get(`ticket:${island}`)).toBeDefined();
  expect(after.get(`ticket:${island}`)).toBe(before.get(`ticket:${island}`));
  expect(texts(after.get(`ticket:${island}`))).toContain(dest!.ticket!.tileName);
  // A passenger on the tile draws it again.
  const filled = { ...m, destinations: m.destinations.map((d) => d === dest ? { ...d, ticket: { ...d.ticket!, filled: [m.players[0].supply[0], ...d.ticket!.filled] } } : d) };
  const third = parts(renderTable(filled, ctxOf({ [`destination:${island}`]: target('Deliver here') }), extras, memos));
  expect(third.get(`ticket:${island}`)).not.toBe(after.get(`ticket:${island}`));
});

test('a move offered on a car draws its player\'s panel again around the same header and passenger row', () => {
  const room = roomFromState(game(), 0);
  const m = tableModel(room, 0)!;
  const me = m.players.find((p) => p.isMe)!;
  const car = me.train[0];
  expect(car).toBeDefined();
  const memos = new Memos();
  const before = parts(renderTable(m, ctxOf({}), extras, memos));
  memos.sweep();
  const after = parts(renderTable(m, ctxOf({ [`car:${me.seat}:${car.card}`]: target('Load here') }), extras, memos));
  memos.sweep();
  // The panel and the car with the move are drawn again; the car shows the move.
  expect(after.get(`player-${me.seat}`)).not.toBe(before.get(`player-${me.seat}`));
  expect(texts(after.get(`car-part:${me.seat}:${car.card}`))).toContain('Load here');
  // The header (name, badges, figures) and the row under the train are the very nodes of the render before.
  expect(after.get(`phead:${me.seat}`)).toBeDefined();
  expect(after.get(`phead:${me.seat}`)).toBe(before.get(`phead:${me.seat}`));
  expect(after.get(`pextra:${me.seat}`)).toBeDefined();
  expect(after.get(`pextra:${me.seat}`)).toBe(before.get(`pextra:${me.seat}`));
  expect(texts(after.get(`phead:${me.seat}`))).toContain(me.name);
  // A passenger offered under the train draws that row again; the header stays.
  const pax = me.supply[0];
  expect(pax).toBeDefined();
  const third = parts(renderTable(m, ctxOf({ [`supply:${pax.id}`]: target('Load') }), extras, memos));
  expect(third.get(`pextra:${me.seat}`)).not.toBe(after.get(`pextra:${me.seat}`));
  // Drawn again as a button for the move (its data-key is the target's).
  expect(hasKey(third.get(`pextra:${me.seat}`), `supply:${pax.id}`)).toBe(true);
  expect(hasKey(after.get(`pextra:${me.seat}`), `supply:${pax.id}`)).toBe(false);
  expect(third.get(`phead:${me.seat}`)).toBe(after.get(`phead:${me.seat}`));
});

/** The log lines of a rendered tree marked as the newest, by key. */
function newestLines(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const c of node) newestLines(c, out);
  else if (node && typeof node === 'object') {
    const v = node as VNode<{ node?: unknown; children?: unknown; class?: string; 'data-fkey'?: string }>;
    if (v.type === 'li' && / ?newest\b/.test(v.props?.class ?? '')) out.push(String(v.props['data-fkey']));
    if (v.props && 'node' in v.props) newestLines(v.props.node, out);
    newestLines(v.props?.children, out);
  }
  return out;
}

test('the newest log line alone is marked, and the mark moves to the next line, across the blocks the lines are kept in', () => {
  const room = roomFromState(game(), 0);
  const m0 = tableModel(room, 0)!;
  const lines = (to: number) => Array.from({ length: to }, (_, i) => ({ n: i + 1, seat: i % 2, text: `line ${i + 1}` }));
  const withLog = (to: number) => ({ ...m0, log: lines(to) as typeof m0.log });
  const memos = new Memos();
  expect(newestLines(renderTable(withLog(19), ctxOf({}), extras, memos))).toEqual(['log-19']);
  memos.sweep();
  // Line 20 opens a block of its own: the block of line 19 is drawn again without the mark.
  expect(newestLines(renderTable(withLog(20), ctxOf({}), extras, memos))).toEqual(['log-20']);
  memos.sweep();
  expect(newestLines(renderTable(withLog(21), ctxOf({}), extras, memos))).toEqual(['log-21']);
});
