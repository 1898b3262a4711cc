/**
 * The embedded players' database runs in a worker thread (src/db/pglite-thread.ts): a Kysely transaction
 * holds the one session until it ends, a thread that dies is replaced (the players' routes answer
 * PLAYERS_UNAVAILABLE meanwhile, and the data on disk is there again after), a transaction cut by the
 * thread's death keeps nothing, and a request does not wait long for a database that is still opening.
 */
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import type { AddressInfo } from 'net';
import express from 'express';
import { sql } from 'kysely';
import { openDatabase, type PlayersDb } from '../src/db/connect';
import { createLogger } from '../src/ops/logger';
import { Accounts } from '../src/players/accounts';
import { Archive } from '../src/players/archive';
import { PlayerLimits } from '../src/players/limits';
import { playerRoutes } from '../src/players/routes';
import { PlayersService } from '../src/players/service';
import { TEMPLATE } from './support/databases';

jest.setTimeout(120_000);

const once = (d: PlayersDb, event: string) => new Promise<void>((resolve) => d.thread!.once(event, () => resolve()));

test('a transaction holds the session: a query from outside runs after its commit and sees all of it', async () => {
  const d = await openDatabase({ ...TEMPLATE });
  try {
    const accounts = new Accounts(d.db);
    const order: string[] = [];
    let outside: Promise<number> | null = null;
    await d.db.transaction().execute(async (tx) => {
      await tx.insertInto('players').values({ id: 'p_a', secret_hash: 'x', display_name: 'A', username: null, password_hash: null, created_at: new Date() }).execute();
      await tx.selectFrom('players').selectAll().where('id', '=', 'p_a').forUpdate().execute();
      // Issued while the transaction is open: it must not run inside it (nor see its rows half-written).
      outside = d.db.selectFrom('players').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow().then((r) => { order.push('outside'); return r.n; });
      await new Promise((r) => setTimeout(r, 50));
      await tx.insertInto('players').values({ id: 'p_b', secret_hash: 'y', display_name: 'B', username: null, password_hash: null, created_at: new Date() }).execute();
      order.push('commit');
    });
    expect(await outside).toBe(2);
    expect(order).toEqual(['commit', 'outside']);
    // A transaction that fails is rolled back: nothing of it stays.
    await expect(d.db.transaction().execute(async (tx) => {
      await tx.insertInto('players').values({ id: 'p_c', secret_hash: 'z', display_name: 'C', username: null, password_hash: null, created_at: new Date() }).execute();
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await accounts.get('p_c')).toBeNull();
    // Errors keep PostgreSQL's code across the thread (a duplicate key is 23505).
    await expect(d.db.insertInto('players').values({ id: 'p_a', secret_hash: 'x', display_name: 'A', username: null, password_hash: null, created_at: new Date() }).execute())
      .rejects.toMatchObject({ code: '23505' });
  } finally {
    await d.close();
  }
});

test('a killed thread is replaced: meanwhile the routes answer PLAYERS_UNAVAILABLE, then the data on disk is back', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isle-pgthread-'));
  const d = await openDatabase({ dataDir: dir, ...TEMPLATE });
  const server = http.createServer(express().use('/api', playerRoutes({
    services: async () => ({ accounts: new Accounts(d.db), archive: new Archive(d.db) }),
    logger: createLogger('silent'), limits: new PlayerLimits(), address: () => '10.9.0.1', readCacheMs: 0,
  })));
  try {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const { player } = await new Accounts(d.db).createGuest('Ada');
    expect((await fetch(`${base}/players/${player.id}`)).status).toBe(200);

    const down = once(d, 'down');
    const up = once(d, 'up');
    await d.thread!.thread!.terminate();
    await down;

    const res = await fetch(`${base}/players/${player.id}`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ code: 'PLAYERS_UNAVAILABLE', message: expect.any(String), retryAfter: 5 });

    await up;
    expect(d.thread!.restarts).toBe(1);
    const again = await fetch(`${base}/players/${player.id}`);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { player: { name: string } }).player.name).toBe('Ada');
  } finally {
    await new Promise((r) => server.close(r));
    await d.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an in-memory database is migrated again on its new thread; a transaction cut by the thread\'s end does not go on there', async () => {
  const d = await openDatabase({ ...TEMPLATE });
  try {
    await new Accounts(d.db).createGuest('Bea');
    // A transaction is open when the thread dies, and goes on only once the new thread is up: it must not
    // carry on there (its BEGIN and first insert died with the old thread; the rest would be written
    // outside any transaction).
    let release!: () => void;
    let reached!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const inserted = new Promise<void>((r) => { reached = r; });
    const cut = d.db.transaction().execute(async (tx) => {
      await tx.insertInto('players').values({ id: 'p_t1', secret_hash: 'x', display_name: 'T1', username: null, password_hash: null, created_at: new Date() }).execute();
      reached();
      await held;
      await tx.insertInto('players').values({ id: 'p_t2', secret_hash: 'y', display_name: 'T2', username: null, password_hash: null, created_at: new Date() }).execute();
    });
    cut.catch(() => undefined);
    await inserted;
    const up = once(d, 'up');
    await d.thread!.thread!.terminate();
    await up;
    release();
    await expect(cut).rejects.toThrow('restarted during this transaction');
    expect(await d.db.selectFrom('players').selectAll().execute()).toEqual([]);
    expect((await new Accounts(d.db).createGuest('Cy')).player.name).toBe('Cy');
  } finally {
    await d.close();
  }
});

test('a request waits only a moment for a database still opening; the opening goes on and is used after', async () => {
  const service = new PlayersService({ ...TEMPLATE }, createLogger('silent'));
  try {
    // Opening PGlite takes seconds (WebAssembly, initdb); 1 ms is far less.
    await expect(service.get(1)).rejects.toThrow('still opening');
    const players = await service.get();
    expect(players.kind).toBe('pglite');
    expect(await service.get(1)).toBe(players);
  } finally {
    await service.close();
  }
});
