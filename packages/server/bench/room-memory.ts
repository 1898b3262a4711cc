/**
 * npx ts-node -P packages/server/tsconfig.test.json --transpile-only packages/server/bench/room-memory.ts [rooms=100] [kinds=ttr5,isle4]
 *
 * Live memory per started room on the built server (`dist/main.js` as its own process, STORE=memory), by room
 * type: for each kind, a fresh server, `rooms` rooms each created by one SDK client with bots in the other
 * seats and started (bots wait a minute, so the rooms hold still at their first decisions), and the server's
 * heap after a full collection (bench/heap-on-signal.cjs) before, halfway and after, per room (over all the
 * rooms, and over the second half alone). Kinds: `ttr5` (the second
 * game, 5 seats: one client and four bots), `isle4` (Isle of Trains, 4 seats: one client and three bots, as
 * bench/load.ts measures it), `isle2` (2 seats: one client and a bot, the rooms of bench:server's figures but
 * with one socket fewer). Resident memory is printed too, but it moves with the collector, not the rooms.
 */
import * as path from 'path';
import { IsleClient, type Session } from '@isle-of-trains/client';
import { NODE_FLAGS } from '../src/ops/node-flags';
import { ensureBuilt, killServer, MAIN_JS, startServer, type ServerProc } from '../test/support/ops-proc';

const ROOMS = Number(process.argv[2] ?? 100);
const KINDS = (process.argv[3] ?? 'ttr5,isle4').split(',');
const quiet = { ...(process.env.HEAP_SNAPSHOTS ? { HEAP_SNAPSHOTS: process.env.HEAP_SNAPSHOTS } : {}), LOG_LEVEL: 'warn', STORE: 'memory', BOT_DELAY_MS: '60000', RATE_LIMIT: '1000', RATE_LIMIT_BURST: '1000' };

interface Heap { heapUsed: number; external: number; rss: number }

/** Asks the server for a full collection and its heap afterwards. */
async function heapAfterGc(srv: ServerProc): Promise<Heap> {
  const seen = srv.output.length;
  srv.child.kill('SIGUSR2');
  for (let waited = 0; waited < 30_000; waited += 20) {
    const line = srv.output.slice(seen).find((l) => l.startsWith('HEAP_AFTER_GC '));
    if (line) return JSON.parse(line.slice('HEAP_AFTER_GC '.length)) as Heap;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the server printed no heap after SIGUSR2:\n${srv.output.slice(-20).join('\n')}`);
}

async function startedRoom(url: string, kind: string, i: number): Promise<Session<'isle' | 'ttr'>> {
  const client = new IsleClient(url, { name: `m${i}`, rejoin: { attempts: 0 }, pace: { perSecond: 1000, burst: 1000 } });
  const s = kind === 'ttr5' ? await client.create({ seats: 5, bots: 4 }, { game: 'ttr' })
    : kind === 'isle2' ? await client.create({ seats: 2, bots: 1 })
      : await client.create({ seats: 4, bots: 3 });
  await s.start();
  return s as Session<'isle' | 'ttr'>;
}

interface Row { kind: string; heapKB: number; marginalHeapKB: number; externalKB: number; rssKB: number }

async function measure(kind: string): Promise<Row> {
  const srv = await startServer(quiet, undefined, [...NODE_FLAGS, '--expose-gc'], ['-r', path.join(__dirname, 'heap-on-signal.cjs'), MAIN_JS]);
  try {
    // One room first, left: what the first room of a kind loads once (its rules, schema classes) is not a room's.
    const warm = await startedRoom(srv.url, kind, -1);
    await warm.leave();
    await new Promise((r) => setTimeout(r, 1000));
    const before = await heapAfterGc(srv);
    const sessions: Session<'isle' | 'ttr'>[] = [];
    const half = Math.floor(ROOMS / 2);
    let middle: Heap | null = null;
    for (let i = 0; i < ROOMS; i++) {
      sessions.push(await startedRoom(srv.url, kind, i));
      if (i + 1 === half) {
        await new Promise((r) => setTimeout(r, 1000));
        middle = await heapAfterGc(srv);
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
    const after = await heapAfterGc(srv);
    await Promise.all(sessions.map((s) => s.leave()));
    const per = (k: keyof Heap) => +((after[k] - before[k]) / ROOMS / 1024).toFixed(1);
    // The second half's rooms alone: what one more room costs, without the process's own growth (caches, pools) that comes with the first ones.
    const marginal = +((after.heapUsed - middle!.heapUsed) / (ROOMS - half) / 1024).toFixed(1);
    return { kind, heapKB: per('heapUsed'), marginalHeapKB: marginal, externalKB: per('external'), rssKB: per('rss') };
  } finally {
    await killServer(srv);
  }
}

async function main(): Promise<void> {
  await ensureBuilt();
  console.log(`node ${process.version}; ${ROOMS} started rooms per kind, server heap after a full collection`);
  console.log('| room | live heap per room | the second half of the rooms alone | external per room | resident per room (collector-dependent) |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const kind of KINDS) {
    const r = await measure(kind);
    console.log(`| ${r.kind} | ${r.heapKB} KB | ${r.marginalHeapKB} KB | ${r.externalKB} KB | ${r.rssKB} KB |`);
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
