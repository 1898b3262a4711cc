import { authorKey, CHAT_MAX, TableChat } from '../src/players/chat';
import type { IsleStateJSON } from '@isle-of-trains/client';
import type { KeyValueStore } from '../src/shell/session-store';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const room = { seats: [{ playerId: 'p_ada', name: 'Ada' }, { playerId: '', name: 'Bea' }] } as unknown as IsleStateJSON;
const line = (seat: number | null, name: string, text = 'hi') => ({ seat, name, text, at: '2026-01-01T00:00:00Z' });

test('a line over the server\'s limit is not sent, and says why; spaces are collapsed like the server does', () => {
  const c = new TableChat(memory());
  c.draft = 'x'.repeat(CHAT_MAX + 1);
  expect(c.take()).toBeNull();
  expect(c.notice).toMatch(/at most 300 characters/);
  expect(c.draft).toHaveLength(CHAT_MAX + 1);
  c.draft = '  hello \n  there ';
  expect(c.take()).toBe('hello there');
  expect(c.draft).toBe('');
  expect(c.notice).toBeNull();
  c.draft = '   ';
  expect(c.take()).toBeNull();
});

test('the server\'s refusals become words; the chat limit in particular', () => {
  const c = new TableChat(null);
  c.refused('RATE_LIMITED', 'Too many chat lines; wait a moment.');
  expect(c.notice).toMatch(/too fast/);
  c.refused('CHAT_TOO_LONG', 'At most 300 characters.');
  expect(c.notice).toBe('At most 300 characters.');
});

test('a mute names a player by id when seated with one, else by name, and outlives the page', () => {
  expect(authorKey(line(0, 'Ada'), room)).toBe('id:p_ada');
  expect(authorKey(line(1, 'Bea'), room)).toBe('name:Bea');
  expect(authorKey(line(null, 'Cy'), room)).toBe('name:Cy');
  const kv = memory();
  const c = new TableChat(kv);
  c.toggleMute('id:p_ada');
  expect(new TableChat(kv).isMuted('id:p_ada')).toBe(true);
  c.toggleMute('id:p_ada');
  expect(new TableChat(kv).isMuted('id:p_ada')).toBe(false);
  kv.data.set('iot.muted', '{broken');
  expect(new TableChat(kv).isMuted('x')).toBe(false);
});

test('a new room starts a new conversation; only well-formed lines are kept, the last 200', () => {
  const c = new TableChat(null);
  c.room('r1');
  for (let i = 0; i < 205; i++) c.add(line(0, 'Ada', `l${i}`));
  c.add({ seat: 0, name: 'Ada' } as never);
  expect(c.lines).toHaveLength(200);
  expect(c.lines[0].text).toBe('l5');
  c.room('r1');
  expect(c.lines).toHaveLength(200);
  c.room('r2');
  expect(c.lines).toEqual([]);
});

test('the version moves with every change the chat panel shows, and stays while nothing changed', () => {
  const c = new TableChat(null);
  c.room('r1');
  const seen: number[] = [c.version];
  const moved = (what: () => void) => {
    what();
    const v = c.version;
    const before = seen[seen.length - 1];
    seen.push(v);
    return v !== before;
  };
  expect(moved(() => c.add(line(0, 'Ada')))).toBe(true);
  expect(moved(() => { c.draft = 'hel'; })).toBe(true);
  expect(moved(() => { c.draft = 'hel'; })).toBe(false);
  expect(moved(() => c.take())).toBe(true);
  expect(moved(() => c.refused('RATE_LIMITED', 'slow down'))).toBe(true);
  expect(moved(() => c.toggleMute('name:Ada'))).toBe(true);
  expect(moved(() => c.room('r1'))).toBe(false);
  expect(moved(() => c.room('r2'))).toBe(true);
  // A line that is not kept changes nothing.
  expect(moved(() => c.add({ seat: 0, name: 'Ada' } as never))).toBe(false);
  expect(moved(() => undefined)).toBe(false);
});
