/**
 * The second game's route list keeps its rows (src/ttr/render-panels.ts with src/render/vdom.ts `Memos`): a row
 * whose route shows the same as in the render before comes back holding the very node of that render, neither built
 * again nor compared by preact; a row whose route changed (selected, claimed) is built anew. Checked on the virtual
 * nodes, without a page.
 */
import { Memos } from '../src/render/vdom';
import { routeListPanel, type PanelUi } from '../src/ttr/render-panels';
import type { RouteEntry } from '../src/ttr/model';

const ui: PanelUi = {
  selectRoute: () => undefined, cycle: () => undefined, claim: () => undefined, draw: () => undefined, toggleTicket: () => undefined,
  keepTickets: () => undefined, hoverTicket: () => undefined, showTrail: () => undefined, setFilter: () => undefined,
};
const names = ['Ada', 'Bo', 'Cy'];
const entries: RouteEntry[] = [
  { id: 1, name: 'Oslo – Karlstad', kind: '2 red', claimable: true, status: 'open', owner: null },
  { id: 2, name: 'Bergen – Oslo', kind: '4 gray', claimable: false, status: 'open', owner: null },
  { id: 3, name: 'Malmö – København', kind: '1 ferry', claimable: false, status: 'open', owner: null },
];

/** The route rows' parts in a drawn panel, by key: the node each holds. */
function rows(node: unknown, out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(node)) {
    for (const c of node) rows(c, out);
    return out;
  }
  if (!node || typeof node !== 'object') return out;
  const v = node as { key?: unknown; props?: { node?: unknown; children?: unknown } };
  if (typeof v.key === 'string' && v.key.startsWith('entry:') && v.props?.node) out.set(v.key, v.props.node);
  rows(v.props?.children, out);
  return out;
}

test('an unchanged route row is the render before\'s node; a selected or claimed one is built anew', () => {
  const memos = new Memos();
  const first = rows(routeListPanel(entries, null, false, names, ui, true, memos));
  memos.sweep();
  expect([...first.keys()]).toEqual(['entry:1', 'entry:2', 'entry:3']);
  // Route 1 selected, route 3 claimed by Bo: route 2 is as it was.
  const next = entries.map((e) => (e.id === 3 ? { ...e, owner: 1 } : e));
  const second = rows(routeListPanel(next, 1, false, names, ui, true, memos));
  memos.sweep();
  expect(second.get('entry:2')).toBe(first.get('entry:2'));
  expect(second.get('entry:1')).not.toBe(first.get('entry:1'));
  expect(second.get('entry:3')).not.toBe(first.get('entry:3'));
  // A row the filter hid and showed again is built anew (its part was forgotten in between).
  rows(routeListPanel(next, 1, true, names, ui, true, memos));
  memos.sweep();
  const shownAgain = rows(routeListPanel(next, 1, false, names, ui, true, memos));
  expect(shownAgain.get('entry:2')).not.toBe(second.get('entry:2'));
  expect(shownAgain.get('entry:1')).toBe(second.get('entry:1'));
});
