import { inviteLink, parseLink, SessionStore, type KeyValueStore } from '../src/shell/session-store';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe('session store', () => {
  it('remembers the name and a seat per room, and forgets old or broken records', () => {
    let now = 1000;
    const kv = memory();
    const s = new SessionStore(kv, () => now);
    s.name = '  Ada Lovelace  ';
    expect(s.name).toBe('Ada Lovelace');
    expect(s.seat('r1')).toBeNull();
    s.saveSeat({ roomId: 'r1', seat: 1, token: 't1' });
    s.saveSeat({ roomId: 'r1', seat: 1, token: 't1', reconnectionToken: 'r1:x' });
    expect(s.seat('r1')).toEqual({ roomId: 'r1', seat: 1, token: 't1', reconnectionToken: 'r1:x', savedAt: 1000 });
    kv.data.set('iot.seat.r2', '{not json');
    expect(s.seat('r2')).toBeNull();
    expect(kv.data.has('iot.seat.r2')).toBe(false);
    now += 8 * 24 * 3600 * 1000;
    expect(s.seat('r1')).toBeNull();
  });

  it('keeps working when storage throws', () => {
    const s = new SessionStore({ getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => undefined });
    s.name = 'x';
    expect(s.name).toBe('');
    s.saveSeat({ roomId: 'r', seat: 0, token: 't' });
    expect(s.seat('r')).toBeNull();
  });
});

describe('links', () => {
  it('reads ?room= and #code links', () => {
    expect(parseLink('?room=abc123', '')).toEqual({ roomId: 'abc123', code: null });
    expect(parseLink('', '#K7QX')).toEqual({ roomId: null, code: 'K7QX' });
    expect(parseLink('?code=zz9', '')).toEqual({ roomId: null, code: 'zz9' });
    expect(parseLink('?room=<script>', '#a b')).toEqual({ roomId: null, code: null });
    expect(inviteLink('http://localhost:2567', 'abc')).toBe('http://localhost:2567/?room=abc');
  });
});
