/**
 * Configuration holes: each bad setting gives one clear line and exit code 1,
 * and a failed listen (port in use, a HOST that does not exist here) ends the process instead of
 * leaving it up and not listening.
 */
import { spawn } from 'child_process';
import * as net from 'net';
import { loadConfig } from '../src/ops/config';
import { exitOnStartError } from '../src/ops/shutdown';
import { ensureBuilt, freePort, MAIN_JS, REPO, tempDir } from './support/ops-proc';

jest.setTimeout(300_000);

test.each([
  ['hex PORT', { PORT: '0x10' }, /PORT: must be a whole number in decimal digits, not "0x10"/],
  ['blank PORT', { PORT: '' }, /PORT: is set but blank/],
  ['blank PORT (spaces)', { PORT: '  ' }, /PORT: is set but blank/],
  ['RECONNECT_SECONDS=1e3', { RECONNECT_SECONDS: '1e3' }, /RECONNECT_SECONDS: must be a whole number in decimal digits, not "1e3"/],
  ['MAX_PAYLOAD_BYTES below MAX_MESSAGE_BYTES', { MAX_PAYLOAD_BYTES: '2048', MAX_MESSAGE_BYTES: '4096' }, /MAX_PAYLOAD_BYTES: must be at least MAX_MESSAGE_BYTES \(4096\)/],
  ['missing CLIENT_DIST', { CLIENT_DIST: '/nonexistent/dist' }, /CLIENT_DIST: no index.html in \/nonexistent\/dist/],
  ['RATE_LIMIT in hex', { RATE_LIMIT: '0xA' }, /RATE_LIMIT: must be a decimal number/],
  ['FINISHED_RETENTION_HOURS negative', { FINISHED_RETENTION_HOURS: '-1' }, /FINISHED_RETENTION_HOURS/],
  // Bot threads: a thousand never got the server listening; a time limit of 0 or a nice value of 40 meant nothing.
  ['BOT_WORKERS=-1', { BOT_WORKERS: '-1' }, /BOT_WORKERS: must be a whole number in decimal digits, not "-1" \(0 to 64\)/],
  ['BOT_WORKERS=abc', { BOT_WORKERS: 'abc' }, /BOT_WORKERS: must be a whole number in decimal digits, not "abc" \(0 to 64\)/],
  ['BOT_WORKERS=1000', { BOT_WORKERS: '1000' }, /BOT_WORKERS: must be from 0 to 64, not 1000/],
  ['BOT_TIMEOUT_MS=0', { BOT_TIMEOUT_MS: '0' }, /BOT_TIMEOUT_MS: must be from 100 to 60000, not 0/],
  ['BOT_TIMEOUT_MS=-1', { BOT_TIMEOUT_MS: '-1' }, /BOT_TIMEOUT_MS: must be a whole number in decimal digits, not "-1" \(100 to 60000\)/],
  ['BOT_TIMEOUT_MS=abc', { BOT_TIMEOUT_MS: 'abc' }, /BOT_TIMEOUT_MS: must be a whole number in decimal digits, not "abc"/],
  ['BOT_WORKER_NICE=40', { BOT_WORKER_NICE: '40' }, /BOT_WORKER_NICE: must be from 0 to 19, not 40/],
  ['BOT_WORKER_NICE=-1', { BOT_WORKER_NICE: '-1' }, /BOT_WORKER_NICE: must be a whole number in decimal digits, not "-1" \(0 to 19\)/],
  ['BOT_WORKER_NICE=abc', { BOT_WORKER_NICE: 'abc' }, /BOT_WORKER_NICE: must be a whole number/],
  ['REDIS_URL without a host', { REDIS_URL: 'redis://:@' }, /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL with a host/],
  ['DATABASE_URL that does not parse', { DATABASE_URL: 'postgres://:@' }, /DATABASE_URL: must be a URL like postgres:\/\//],
  ['LOG_LEVEL=verbose', { LOG_LEVEL: 'verbose' }, /LOG_LEVEL: .*"fatal"\|"error"\|"warn"\|"info"\|"debug"\|"trace"\|"silent"/],
])('%s: refused with one line naming it', (_name, env, re) => {
  expect(() => loadConfig(env)).toThrow(re);
  const chunks: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((s: string) => { chunks.push(s); return true; }) as typeof process.stderr.write;
  try {
    try { loadConfig(env); } catch (e) { exitOnStartError(e, () => undefined); }
  } finally { process.stderr.write = write; }
  const out = chunks.join('');
  expect(out.endsWith('\n')).toBe(true);
  expect(out.trim().split('\n')).toHaveLength(1);
  expect(JSON.parse(out).msg).toMatch(re);
});

test('good values still load: decimal numbers, an existing CLIENT_DIST, equal frame and message limits', () => {
  const dist = tempDir('dist');
  require('fs').writeFileSync(`${dist}/index.html`, '<!doctype html>');
  expect(loadConfig({ PORT: '8080', RECONNECT_SECONDS: '1000', RATE_LIMIT: '2.5', MAX_PAYLOAD_BYTES: '4096', MAX_MESSAGE_BYTES: '4096', CLIENT_DIST: dist }))
    .toMatchObject({ PORT: 8080, RECONNECT_SECONDS: 1000, RATE_LIMIT: 2.5, MAX_PAYLOAD_BYTES: 4096, CLIENT_DIST: dist });
  expect(loadConfig({ HOST: '' }).HOST).toBe('0.0.0.0'); // a blank string setting means unset
  expect(loadConfig({ BOT_WORKERS: '64', BOT_TIMEOUT_MS: '100', BOT_WORKER_NICE: '0' })).toMatchObject({ BOT_WORKERS: 64, BOT_TIMEOUT_MS: 100, BOT_WORKER_NICE: 0 });
  expect(loadConfig({})).toMatchObject({ BOT_WORKERS: 1, BOT_TIMEOUT_MS: 2000, BOT_WORKER_NICE: 10 });
  expect(loadConfig({ REDIS_URL: 'rediss://:pw@redis.internal:6380/2' }).REDIS_URL).toBe('rediss://:pw@redis.internal:6380/2');
});

describe('a failed listen ends the process (exit 1, one line)', () => {
  beforeAll(async () => { await ensureBuilt(); }, 180_000);

  async function run(env: Record<string, string>, preload?: string): Promise<{ code: number | null; err: string; out: string }> {
    const child = spawn(process.execPath, [...(preload ? ['-r', preload] : []), MAIN_JS], {
      cwd: REPO, env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DATA_DIR: tempDir('cfg'), ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
    child.stderr!.on('data', (b: Buffer) => { err += b.toString(); });
    // Only a process that never ends is killed: the bound is far above a start on a loaded machine (one took
    // over 20 s at a load average of 38), so that a slow start is never read as a hang.
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    clearTimeout(timer);
    return { code, err, out };
  }

  test('port already in use', async () => {
    const port = await freePort();
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(port, '127.0.0.1', () => r()));
    try {
      const r = await run({ HOST: '127.0.0.1', PORT: String(port) });
      expect(r.code).toBe(1);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(r.err).msg).toBe(`isle-server: cannot listen on 127.0.0.1:${port} (HOST, PORT): EADDRINUSE`);
    } finally {
      taken.close();
    }
  });

  test('a HOST that does not resolve, and one that is not an address of this machine', async () => {
    const port = String(await freePort());
    const bad = await run({ HOST: 'no-such-host.invalid', PORT: port });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.err).msg).toMatch(/^isle-server: cannot listen on no-such-host\.invalid:\d+ \(HOST, PORT\): (ENOTFOUND|EAI_AGAIN)$/);
    const foreign = await run({ HOST: '203.0.113.7', PORT: port });
    expect(foreign.code).toBe(1);
    expect(JSON.parse(foreign.err).msg).toBe(`isle-server: cannot listen on 203.0.113.7:${port} (HOST, PORT): EADDRNOTAVAIL`);
  });

  // Checked in the real process too: the worker-thread settings were read outside the settings check, and a
  // LOG_LEVEL pino does not know threw (a 15-line stack) before the check could say it in one line.
  test.each([
    [{ BOT_WORKERS: '1000' }, /^isle-server: bad configuration: BOT_WORKERS: must be from 0 to 64, not 1000$/],
    [{ BOT_TIMEOUT_MS: 'abc' }, /^isle-server: bad configuration: BOT_TIMEOUT_MS: must be a whole number/],
    [{ BOT_WORKER_NICE: '40' }, /^isle-server: bad configuration: BOT_WORKER_NICE: must be from 0 to 19, not 40$/],
    [{ REDIS_URL: 'redis://:@' }, /^isle-server: bad configuration: REDIS_URL: must be a redis/],
    [{ LOG_LEVEL: 'verbose' }, /^isle-server: bad configuration: LOG_LEVEL: /],
  ])('process with %j: exit 1, one line naming the setting', async (env, re) => {
    const r = await run({ HOST: '127.0.0.1', PORT: String(await freePort()), PLAYERS_DB: 'off', ...env });
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.err).msg).toMatch(re);
  });

  test('a crash is logged as one JSON line with its stack and the node id, then exit 1', async () => {
    const preload = `${tempDir('crash')}/crash.js`;
    // a bug that throws on the event loop once the server runs
    require('fs').writeFileSync(preload, "setTimeout(() => { throw new Error('boom in a timer'); }, 1500);\n");
    const r = await run({ HOST: '127.0.0.1', PORT: String(await freePort()), NODE_ID: 'crash-node' }, preload);
    expect(r.code).toBe(1);
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l) as { msg: string; node: string; err?: { message: string; stack: string } });
    const crash = lines.filter((l) => l.msg === 'crash: uncaught exception');
    expect(crash).toHaveLength(1);
    expect(crash[0]).toMatchObject({ node: 'crash-node', err: { message: 'boom in a timer' } });
    expect(crash[0].err!.stack).toContain('crash.js');
    expect(r.err).toBe('');
  });
});
