import { ActionLog } from '../src/game/action-log';
import { LineChunks } from '../src/persistence/store/line-chunks';

test('the compact action log gives back exactly the moves in force, across chunk boundaries and undos', () => {
  const log = new ActionLog<{ type: string; n: number; name?: string }>();
  const model: { seat: number; action: { type: string; n: number; name?: string } }[] = [];
  const push = (k: number) => {
    const move = { seat: k % 3, action: { type: k % 2 ? 'build' : 'load', n: k, ...(k % 5 === 0 ? { name: `Zoë "${k}"\n` } : {}) } };
    log.push(move.seat, move.action);
    model.push(move);
  };
  for (let k = 0; k < 70; k++) push(k);
  expect(log.length).toBe(70);
  expect(log.moves()).toEqual(model);
  // Back into a closed chunk, then two chunks back, then forward again.
  for (const n of [65, 63, 31, 31, 0]) {
    log.truncate(n);
    model.length = n;
    expect(log.length).toBe(n);
    expect(log.moves()).toEqual(model);
    for (let k = 0; k < 40; k++) push(1000 + n + k);
    expect(log.moves()).toEqual(model);
  }
  // each() stops when asked.
  const seen: number[] = [];
  log.each((_seat, a) => { seen.push(a.n); return seen.length < 3; });
  expect(seen).toEqual(model.slice(0, 3).map((m) => m.action.n));
});

test('chunked stored lines read back in order', () => {
  const lines = Array.from({ length: 100 }, (_, k) => JSON.stringify({ t: 'action', i: k, text: 'a\nb' }));
  const chunks = new LineChunks(lines.slice(0, 40));
  for (const line of lines.slice(40)) chunks.push(line);
  expect(chunks.length).toBe(100);
  expect(chunks.lines()).toEqual(lines);
});
