/**
 * The players' database health tracker (src/db/health.ts): which errors mean "cannot reach the database",
 * and an outage logged once when it starts and once when it ends, however many queries fail meanwhile.
 */
import { Writable } from 'stream';
import { DatabaseHealth, isConnectionFault } from '../src/db/health';
import { createLogger } from '../src/ops/logger';
import { waitFor } from './support/ops-proc';

const sqlError = (code: string) => Object.assign(new Error(`server said ${code}`), { code });

test('connection faults are told from errors the database answered', () => {
  for (const e of [new Error('Connection terminated unexpectedly'), Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    new Error('timeout exceeded when trying to connect'), sqlError('57P01'), sqlError('57P03'), sqlError('08006'), sqlError('53300'), sqlError('57014')]) {
    expect({ e: e.message, fault: isConnectionFault(e) }).toEqual({ e: e.message, fault: true });
  }
  // a unique violation, a bad value, a missing table: the database is there and answered
  for (const e of [sqlError('23505'), sqlError('22P02'), sqlError('42P01')]) {
    expect({ e: e.message, fault: isConnectionFault(e) }).toEqual({ e: e.message, fault: false });
  }
});

test('an outage is logged once when it starts and once when it ends, and its errors are marked as reported', async () => {
  const lines: { level: number; msg: string; err?: { message: string }; failed?: number }[] = [];
  const logger = createLogger('info', new Writable({ write(chunk, _enc, cb) { lines.push(JSON.parse(String(chunk))); cb(); } }));
  const health = new DatabaseHealth(logger, 100);
  try {
    health.succeeded();
    expect(health.ok).toBe(true);
    const answered = sqlError('23505');
    health.failed(answered);
    expect(health.ok).toBe(true);
    expect(health.reported(answered)).toBe(false);

    const first = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    health.failed(first);
    expect(health.ok).toBe(false);
    expect(health.reported(first)).toBe(true);
    // Many more failures, with successes in between (connections killed one after another): one outage.
    for (let i = 0; i < 50; i++) {
      health.failed(new Error('Connection terminated unexpectedly'));
      health.succeeded();
    }
    expect(health.ok).toBe(false);
    expect(lines.map((l) => l.msg)).toEqual(['players database unavailable']);
    expect(lines[0]).toMatchObject({ level: 50, err: { message: 'connect ECONNREFUSED 127.0.0.1:5432 (ECONNREFUSED)' } });

    // Quiet for the settle time after a success: back, by itself, without another query.
    await waitFor('back up', () => health.ok, 5000, 10);
    expect(lines.map((l) => l.msg)).toEqual(['players database unavailable', 'players database available again']);
    expect(lines[1]).toMatchObject({ level: 30, failed: 51 });

    // A failure with no success after it stays down, however long it is quiet.
    health.failed(new Error('Connection terminated unexpectedly'));
    await new Promise((r) => setTimeout(r, 300));
    expect(health.ok).toBe(false);
    health.succeeded();
    await waitFor('back up again', () => health.ok, 5000, 10);
    expect(lines.map((l) => l.msg)).toEqual(['players database unavailable', 'players database available again', 'players database unavailable', 'players database available again']);
  } finally {
    health.stop();
  }
});
