/**
 * Settings from the environment, validated with zod. Every value has a default, so `npm start`
 * works with no environment at all. Tests pass overrides to createServer() instead.
 */
import * as fs from 'fs';
import * as path from 'path';
import { z } from 'zod';
import { PASSWORD_COST_DEFAULT, PASSWORD_COST_FLOOR, PASSWORD_COST_MAX, PASSWORD_COST_TEST_FLOOR } from '../players/secrets';

// Numbers are written in decimal digits: '0x10', '1e3', ' 8 ' or '' are refused, not read as 16, 1000 or 0.
const DECIMAL = /^\d+$/;
const int = (min: number, max: number, def: number) => z.preprocess(
  (v) => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v),
  z.number({ error: (i) => (typeof i.input === 'string' ? `must be a whole number in decimal digits, not ${JSON.stringify(i.input).slice(0, 40)} (${min} to ${max})` : undefined) })
    .int().min(min, { error: (i) => `must be from ${min} to ${max}, not ${String(i.input)}` }).max(max, { error: (i) => `must be from ${min} to ${max}, not ${String(i.input)}` }),
).default(def);

/** The URL parses: the clients would say only 'Invalid URL', without naming the setting. */
function parses(v: string): boolean {
  try {
    return !!new URL(v);
  } catch {
    return false;
  }
}

/** ... and names a host. */
function parsesWithHost(v: string): boolean {
  return parses(v) && new URL(v).hostname !== '';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const ConfigSchema = z.object({
  /** HTTP + WebSocket port (one port for both). */
  PORT: int(0, 65535, 2567),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /**
   * Bot decisions in a pool of this many worker threads (0: on the main thread). Each thread holds its own
   * copy of the rules and bots (tens of MB); past the cores there is nothing to gain, and a thousand threads
   * never got the server listening. 64 covers any machine this runs on.
   */
  BOT_WORKERS: int(0, 64, 1),
  /** With BOT_WORKERS: a decision slower than this gets its worker replaced and a greedy move. Under 100 ms a strong bot could never finish; over a minute a seat would sit stuck. */
  BOT_TIMEOUT_MS: int(100, 60_000, 2000),
  /** With BOT_WORKERS: the worker threads' nice value (Linux's 0–19; 0 leaves the priority alone). */
  BOT_WORKER_NICE: int(0, 19, 10),
  /**
   * The post-game coach (src/coach): analyses run in this many worker threads of their own, at BOT_WORKER_NICE
   * (0: the coach is off and its route answers COACH_UNAVAILABLE). Not the bots' pool: an analysis takes
   * seconds, and a bot decision queued behind it would run out of BOT_TIMEOUT_MS.
   */
  COACH_WORKERS: int(0, 16, 1),
  /** Most dealt worlds per decision an analysis plays (more: steadier marks, longer analyses; BENCHMARKS.md, "Coach"). */
  COACH_WORLDS: int(2, 64, 16),
  /** Analyses kept in memory (finished or running), the oldest finished one forgotten first. */
  COACH_CACHE: int(1, 100_000, 500),
  /** Analyses waiting for a worker at most; past it a new request gets COACH_BUSY. */
  COACH_QUEUE: int(1, 10_000, 20),
  /**
   * With a players' database: how often a running analysis writes its progress there (so another server of
   * the database reports it instead of computing the analysis again). It is also the run's sign of life.
   */
  COACH_PROGRESS_MS: int(100, 600_000, 2000),
  /** A running analysis whose progress went unwritten this long is taken for dead and taken over by the next request. */
  COACH_RUN_TIMEOUT_MS: int(1000, 86_400_000, 60_000),
  /** How long a dropped player keeps the seat before a bot plays for them. */
  RECONNECT_SECONDS: int(0, 24 * 3600, 120),
  /** Pause before each bot decision, so humans can follow. */
  BOT_DELAY_MS: int(0, 60_000, 600),
  /** Token bucket per client: sustained messages per second ... */
  RATE_LIMIT: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : v),
    z.number({ error: (i) => (typeof i.input === 'string' ? `must be a decimal number, not ${JSON.stringify(i.input).slice(0, 40)}` : undefined) }).positive().max(1_000_000),
  ).default(10),
  /** ... and the burst it may send at once. */
  RATE_LIMIT_BURST: int(1, 1_000_000, 30),
  /** How long an address stays slowed after one of its connections was closed for flooding (4029, 1009, 4002); 0 = never slowed. */
  FLOOD_SLOWDOWN_SECONDS: int(0, 86_400, 60),
  /** Largest accepted message body (JSON size of the payload); larger ones get TOO_LARGE. */
  MAX_MESSAGE_BYTES: int(64, 1 << 20, 4096),
  /**
   * WebSocket frame limit; a frame above it closes the socket (code 1009) as soon as its header is read,
   * before its payload is received or unmasked. Keep it above MAX_MESSAGE_BYTES: a body of 4096 JSON
   * bytes is at most about 9.3 KB as msgpack (a number like 0.5 is 3 JSON bytes but 9 msgpack bytes),
   * so 16 KiB carries every body that can be accepted. Larger frames are only ever floods.
   */
  MAX_PAYLOAD_BYTES: int(1024, 16 << 20, 16 * 1024),
  /** How many ended games' replays stay in memory. */
  REPLAY_LIMIT: int(1, 1_000_000, 500),
  /** Spectators allowed per room on top of the seats. */
  MAX_SPECTATORS: int(0, 1000, 20),
  /**
   * How often state patches are sent (ms); applied actions are also flushed at once, so this only
   * paces incidental changes (seats, connections, log lines). One timer for the process ticks at this
   * rate and patches only the rooms that changed since its last tick (src/colyseus-patches/patch-ticker.ts).
   */
  PATCH_RATE_MS: int(1, 1000, 100),
  /**
   * Keep-alive: every open socket is pinged once per this many ms (in small slices spread over the
   * interval, src/colyseus-patches/keepalive.ts), and closed when it missed KEEPALIVE_MISSES pings in a row.
   */
  KEEPALIVE_MS: int(1000, 600_000, 10_000),
  KEEPALIVE_MISSES: int(1, 100, 2),
  /**
   * The load tuning (spread keep-alive, patch and ack in one write, the action checked once, one
   * patch timer for all rooms). 'off' and 'room-timers' (the tuning with one patch timer per room, as
   * Colyseus does it) exist only so bench:server can measure the difference in one run.
   */
  LOAD_TUNING: z.enum(['on', 'off', 'room-timers']).default('on'),
  /**
   * The newest log lines kept in the room state (every client gets them in each full state); older
   * lines of the whole game are fetched with the `log` message. 60 made the log 66–73 % of a mid-game
   * full state; 20 covers a turn or two, which is what a table shows without scrolling.
   */
  LOG_ENTRIES: int(1, 1000, 20),
  /**
   * A game that bots keep playing with no player at the table stops after this many moves (weak bots
   * can go round in circles forever; the room would never close and its log would grow without end).
   */
  MAX_UNATTENDED_MOVES: int(1, 1_000_000, 2000),
  /** Shortest turn time limit a room may ask for (seconds). */
  MIN_TURN_SECONDS: int(1, 3600, 10),
  /** Built web client to serve at '/', when the directory exists. */
  CLIENT_DIST: z.string().default(path.resolve(__dirname, '../../../client-web/dist')),
  /** On SIGTERM/SIGINT: clients get `restarting`, the store is flushed, and the process exits within this many seconds. */
  SHUTDOWN_GRACE_SECONDS: int(0, 600, 10),
  /** Scale-out: Redis shared by every process (matchmaking, presence, and the game store). Unset = one process, file store. */
  REDIS_URL: z.string().regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
    .refine(parsesWithHost, 'must be a redis:// or rediss:// URL with a host: redis://[:password@]host[:port][/db]').optional(),
  /** Keys in Redis start with this (several deployments or test runs can share one Redis). */
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{0,64}$/, 'letters, digits and : _ . - only').default('isle:'),
  /** host[:port][/path] (no scheme) that clients reach THIS process at; sent with seat reservations. Needed with several processes. */
  PUBLIC_ADDRESS: z.string().regex(/^[A-Za-z0-9.[\]-]+(:\d{1,5})?(\/[^\s]*)?$/, 'must be host[:port][/path] without a scheme').optional(),
  /** Where the file store keeps game logs (STORE=file, the default without REDIS_URL). */
  DATA_DIR: z.string().min(1).default(path.resolve('data')),
  /** Game store: auto (redis with REDIS_URL, else file), file, redis or memory (nothing survives a restart). */
  STORE: z.enum(['auto', 'file', 'redis', 'memory']).default('auto'),
  /**
   * The players' database (identities, accounts, history, ratings, chat): a PostgreSQL URL. Unset = embedded
   * PGlite in DATA_DIR/players-db, which needs no server.
   */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\/[^\s]+$/, 'must be a postgres:// or postgresql:// URL')
    .refine(parses, 'must be a URL like postgres://user[:password]@host[:port]/database').optional(),
  /** auto (DATABASE_URL, else PGlite in DATA_DIR), memory (nothing kept) or off (no players' routes). */
  PLAYERS_DB: z.enum(['auto', 'memory', 'off']).default('auto'),
  /** Public players' reads (pages, games list, leaderboards) per address per minute; 0 = no limit. */
  PLAYERS_READS_PER_MINUTE: int(0, 1_000_000, 120),
  /** How long (ms) a public players' read is answered from memory before the database is asked again; 0 = never. */
  PLAYERS_READ_CACHE_MS: int(0, 60_000, 3000),
  /**
   * Longest wait (ms) between two tries to archive finished games while the players' database is away: the
   * wait starts at half a second and doubles up to this. Shorter finds a database that is back sooner, at
   * the cost of a failed query more often during a long outage.
   */
  ARCHIVE_RETRY_MAX_MS: int(1000, 3_600_000, 30_000),
  /**
   * Cost of the scrypt hash a new password gets (N = 2^cost; each step doubles the time and memory of a
   * sign-in, 15 takes about 32 MiB). 15 is the least: lower only with PASSWORD_HASH_TESTS_ONLY=yes. Stored
   * hashes carry their own cost, so changing this never stops a password from verifying.
   */
  PASSWORD_HASH_COST: int(PASSWORD_COST_TEST_FLOOR, PASSWORD_COST_MAX, PASSWORD_COST_DEFAULT),
  /** yes: PASSWORD_HASH_COST may go down to 10, for test runs that make many accounts. Never in a deployment. */
  PASSWORD_HASH_TESTS_ONLY: z.enum(['yes', 'no']).default('no'),
  /**
   * For test runs that open many new embedded databases: a file holding one just created (PGlite's
   * dumpDataDir, uncompressed), which a new embedded database is copied from instead of running initdb. An
   * existing database ignores it. Unset in a deployment (its one database is created once).
   */
  PLAYERS_DB_TEMPLATE: z.string().min(1).optional(),
  /** Public players' reads this process answers per second from all addresses together; 0 = no such limit. */
  PLAYERS_READS_PER_SECOND: int(0, 1_000_000, 200),
  /** Name this process files its open games under in Redis, stable across restarts (default PUBLIC_ADDRESS, else host:port). */
  NODE_ID: z.string().regex(/^[A-Za-z0-9:_.\/-]{1,128}$/, 'letters, digits and : _ . / - only').optional(),
  /**
   * Finished (and abandoned) games stay in the live store this many hours after their end, for their
   * replay, then are deleted (file: games/closed/; Redis: the key expires). 0 = kept forever. The
   * players' database keeps the archive.
   */
  FINISHED_RETENTION_HOURS: int(0, 24 * 365 * 10, 24 * 30),
  /**
   * With a players' database and the Redis store: a finished game stays in Redis this many minutes after
   * the archive holds it (replays are served from the archive after that). Redis keeps games in memory, so
   * this, not FINISHED_RETENTION_HOURS, bounds what finished games cost it. 0 = FINISHED_RETENTION_HOURS.
   */
  ARCHIVED_RETENTION_MINUTES: int(0, 60 * 24 * 365, 60),
  /**
   * At start, up to this many unfinished games are restored before the server is ready; with more, it
   * is ready once they are indexed and each is restored on its first join or in the background.
   */
  RESTORE_EAGER_MAX: int(0, 1_000_000, 100),
  /**
   * Comma-separated origins (https://play.example) of web clients served from another site (built with
   * VITE_SERVER_URL): besides the server's own, they may make the players' state-changing requests (sign-up,
   * sign-in, names). Credentials travel in the Authorization header, never in cookies, so listing an origin lends
   * it no one's identity.
   */
  CLIENT_ORIGINS: z.string().regex(/^(\s*https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\s*(,|$))*$/, 'origins like https://play.example, separated by commas').default(''),
  /** Comma-separated addresses of reverse proxies whose X-Forwarded-For is believed (per-address quotas). */
  TRUSTED_PROXIES: z.string().regex(/^[0-9A-Fa-f:., ]*$/, 'IP addresses separated by commas').default(''),
  /** Rooms one address may create per minute (burst of the same size). */
  ROOMS_PER_MINUTE_PER_ADDRESS: int(1, 1_000_000, 30),
  /** Seat reservations (create/join) one address may hold that have not connected yet. */
  PENDING_JOINS_PER_ADDRESS: int(1, 1_000_000, 20),
  /** WebSocket connections one address may hold open at once. */
  MAX_CONNECTIONS_PER_ADDRESS: int(1, 1_000_000, 50),
  /** Rooms not started yet, over every address, this process holds at most (creates beyond: SERVER_BUSY). */
  MAX_OPEN_LOBBIES: int(1, 1_000_000, 1000),
  /** Seat reservations not yet connected, over every address, at most (creates and joins beyond: SERVER_BUSY). */
  MAX_PENDING_JOINS: int(1, 1_000_000, 2000),
  /** A lobby nobody has joined for this many seconds is closed (close code 4040). */
  LOBBY_IDLE_SECONDS: int(1, 86_400, 600),
}).superRefine((c, ctx) => {
  if (c.MAX_PAYLOAD_BYTES < c.MAX_MESSAGE_BYTES) {
    ctx.addIssue({ code: 'custom', path: ['MAX_PAYLOAD_BYTES'], message: `must be at least MAX_MESSAGE_BYTES (${c.MAX_MESSAGE_BYTES}): a message that fits its limit must fit in a frame` });
  }
  if (c.PASSWORD_HASH_COST < PASSWORD_COST_FLOOR && c.PASSWORD_HASH_TESTS_ONLY !== 'yes') {
    ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: `must be at least ${PASSWORD_COST_FLOOR} (lower is cheaper to guess at), not ${c.PASSWORD_HASH_COST}; lower costs are for test runs only, with PASSWORD_HASH_TESTS_ONLY=yes` });
  }
  if (c.COACH_RUN_TIMEOUT_MS < 3 * c.COACH_PROGRESS_MS) {
    ctx.addIssue({ code: 'custom', path: ['COACH_RUN_TIMEOUT_MS'], message: `must be at least 3 × COACH_PROGRESS_MS (${3 * c.COACH_PROGRESS_MS}): a live analysis writes its progress that often, and one late write must not get it taken over` });
  }
});

export type Config = z.infer<typeof ConfigSchema>;

const ConfigShape = ConfigSchema.shape;
/** Settings that are numbers: blank is an error for them. */
const NUMERIC = new Set(Object.keys(ConfigShape).filter((k) => {
  const def = (ConfigShape as Record<string, z.ZodType>)[k];
  return def.safeParse(7).success && !def.safeParse('x').success;
}));

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Bad settings; main.ts prints the message as one line and exits 1. */
export class ConfigError extends Error {}

/** Read settings from `env` (default process.env); throws with a readable message on bad values. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const raw: Record<string, unknown> = {};
  const blank: string[] = [];
  for (const key of Object.keys(ConfigShape)) {
    const v = env[key];
    if (v === undefined) continue;
    if (v.trim() !== '') raw[key] = v;
    else if (NUMERIC.has(key)) blank.push(key); // a blank PORT must not quietly become the default (or 0: any port)
  }
  if (blank.length) throw new ConfigError(`bad configuration: ${blank.map((k) => `${k}: is set but blank (unset it for the default)`).join('; ')}`);
  const parsed = ConfigSchema.safeParse({ ...raw, ...overrides });
  if (!parsed.success) {
    throw new ConfigError('bad configuration: ' + parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const c = parsed.data;
  // The default CLIENT_DIST may be missing (the client is not built); one that was asked for must exist.
  if ((raw.CLIENT_DIST !== undefined || overrides.CLIENT_DIST !== undefined) && !fs.existsSync(path.join(c.CLIENT_DIST, 'index.html'))) {
    throw new ConfigError(`bad configuration: CLIENT_DIST: no index.html in ${c.CLIENT_DIST}`);
  }
  // Read by the database's thread only when a new database is made, perhaps long after the start: checked now.
  if (c.PLAYERS_DB_TEMPLATE !== undefined && !isFile(c.PLAYERS_DB_TEMPLATE)) {
    throw new ConfigError(`bad configuration: PLAYERS_DB_TEMPLATE: no file at ${c.PLAYERS_DB_TEMPLATE}`);
  }
  return c;
}
