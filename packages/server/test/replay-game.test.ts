/** A stored game's replay names its game, so a client plays it again with the right rules. */
import { replayFromLog } from '../src/persistence/restore';
import type { LogEntry } from '../src/persistence/store';

const at = '2026-01-01T00:00:00.000Z';

function log(game?: 'isle' | 'ttr'): LogEntry[] {
  return [
    { t: 'start', at, ...(game ? { game } : {}), options: { players: 2, seed: 's', names: ['A', 'B'] }, seedHash: 'h' },
    { t: 'action', at, seat: 0, action: { type: 'drawBlind' } },
    { t: 'end', at, finalScores: { winners: [0] } },
  ];
}

test('a second-game log gives a replay with game "ttr"; an Isle log, or one from before the field, "isle"', () => {
  expect(replayFromLog('g1', log('ttr'))).toMatchObject({ game: 'ttr', roomId: 'g1', actions: [{ seat: 0, action: { type: 'drawBlind' } }] });
  expect(replayFromLog('g2', log('isle'))!.game).toBe('isle');
  expect(replayFromLog('g3', log())!.game).toBe('isle');
});
