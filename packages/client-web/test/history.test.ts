import { replayUrl, roomUrl, routeOf } from '../src/shell/history';

describe('the page\'s addresses', () => {
  it('reads a room, a replay (with its share key), a code and the lobby', () => {
    expect(routeOf('?room=abc_1', '')).toEqual({ kind: 'room', roomId: 'abc_1' });
    expect(routeOf('?replay=abc&key=k-1', '')).toEqual({ kind: 'replay', id: 'abc', key: 'k-1' });
    expect(routeOf('?replay=abc', '')).toEqual({ kind: 'replay', id: 'abc' });
    expect(routeOf('', '#AYX99J')).toEqual({ kind: 'code', code: 'AYX99J' });
    expect(routeOf('?code=AYX99J', '')).toEqual({ kind: 'code', code: 'AYX99J' });
    expect(routeOf('', '')).toEqual({ kind: 'lobby' });
  });

  it('takes only word characters from an address (anything else is the lobby)', () => {
    expect(routeOf('?room=<script>', '')).toEqual({ kind: 'lobby' });
    expect(routeOf('?replay=a%20b', '')).toEqual({ kind: 'lobby' });
    expect(routeOf('?replay=abc&key=x%22y', '')).toEqual({ kind: 'replay', id: 'abc' });
  });

  it('writes the addresses it reads', () => {
    expect(routeOf(roomUrl('r1').slice(1), '')).toEqual({ kind: 'room', roomId: 'r1' });
    expect(routeOf(replayUrl('g1', 'k1').slice(1), '')).toEqual({ kind: 'replay', id: 'g1', key: 'k1' });
  });
});
