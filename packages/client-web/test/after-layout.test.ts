/**
 * The jobs run after the browser's layout (src/render/after-layout.ts): every job reads before any job changes the
 * page, and the changes that only put things in the page come last, so that no read and no scroll or focus finds
 * the layout stale. Checked with a ResizeObserver and a document of the test's own: the observer's callback is
 * called by hand, as the browser would after laying the page out.
 */
import { afterLayout } from '../src/render/after-layout';

type Callback = () => void;
let layoutDone: Callback | null = null;
let observed = 0;

class FakeObserver {
  constructor(cb: Callback) { layoutDone = cb; }
  observe(): void { observed++; }
  unobserve(): void { /* nothing to let go of */ }
}

const g = globalThis as Record<string, unknown>;
const fakeDocument = {
  createElement: () => ({ setAttribute() { /* a marker element's attributes are not read here */ }, style: {}, isConnected: true }),
  body: { appendChild: <T>(e: T) => e },
};

beforeEach(() => {
  g.ResizeObserver = FakeObserver;
  g.document = fakeDocument;
});
afterEach(() => {
  delete g.ResizeObserver;
  delete g.document;
});

test('every job reads before any change; changes that only add to the page come after the others', () => {
  const log: string[] = [];
  const job = (name: string, changes: boolean) => () => {
    log.push(`${name} reads`);
    return changes ? () => { log.push(`${name} changes`); } : undefined;
  };
  afterLayout(job('ghosts', true), true);
  afterLayout(job('log', true));
  afterLayout(job('tour', false));
  afterLayout(job('focus', true));
  expect(log).toEqual([]);
  layoutDone!();
  expect(log).toEqual(['ghosts reads', 'log reads', 'tour reads', 'focus reads', 'log changes', 'focus changes', 'ghosts changes']);
});

test('a job asked for while the jobs run waits for the next layout', () => {
  const log: string[] = [];
  const before = observed;
  afterLayout(() => () => {
    log.push('first changes');
    afterLayout(() => { log.push('second reads'); });
  });
  layoutDone!();
  expect(log).toEqual(['first changes']);
  // The second job asked the observer for another layout's callback, and runs there.
  expect(observed).toBe(before + 2);
  layoutDone!();
  expect(log).toEqual(['first changes', 'second reads']);
});

test('without a ResizeObserver (no browser) a job reads and changes at once', () => {
  delete g.ResizeObserver;
  const log: string[] = [];
  afterLayout(() => { log.push('reads'); return () => { log.push('changes'); }; });
  expect(log).toEqual(['reads', 'changes']);
});
