/**
 * Settings from the environment, validated with zod. Every value has a default, so `npm start`
 * works with no environment at all. Tests pass overrides to createServer() instead.
 */
import * as path from 'path';
import { z } from 'zod';

const int = (min: number, max: number, def: number) => z.coerce.number().int().min(min).max(max).default(def);

export const ConfigSchema = z.object({
  /** HTTP + WebSocket port (one port for both). */
  PORT: int(0, 65535, 2567),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a dropped player keeps the seat before a bot plays for them. */
  RECONNECT_SECONDS: int(0, 24 * 3600, 120),
  /** Pause before each bot decision, so humans can follow. */
  BOT_DELAY_MS: int(0, 60_000, 600),
  /** Token bucket per client: sustained messages per second ... */
  RATE_LIMIT: z.coerce.number().positive().max(1_000_000).default(10),
  /** ... and the burst it may send at once. */
  RATE_LIMIT_BURST: int(1, 1_000_000, 30),
  /** Largest accepted message body (JSON size of the payload); larger ones get TOO_LARGE. */
  MAX_MESSAGE_BYTES: int(64, 1 << 20, 4096),
  /** WebSocket frame limit; a frame above it closes the socket (code 1009). Keep it above MAX_MESSAGE_BYTES. */
  MAX_PAYLOAD_BYTES: int(1024, 16 << 20, 64 * 1024),
  /** How many ended games' replays stay in memory. */
  REPLAY_LIMIT: int(1, 1_000_000, 500),
  /** Spectators allowed per room on top of the seats. */
  MAX_SPECTATORS: int(0, 1000, 20),
  /** How often state patches are sent (ms); applied actions are also flushed at once. */
  PATCH_RATE_MS: int(1, 1000, 50),
  /** Recent log entries kept in the room state. */
  LOG_ENTRIES: int(1, 1000, 60),
  /**
   * A game that bots keep playing with no player at the table stops after this many moves (weak bots
   * can go round in circles forever; the room would never close and its log would grow without end).
   */
  MAX_UNATTENDED_MOVES: int(1, 1_000_000, 2000),
  /** Shortest turn time limit a room may ask for (seconds). */
  MIN_TURN_SECONDS: int(1, 3600, 10),
  /** Built web client to serve at '/', when the directory exists. */
  CLIENT_DIST: z.string().default(path.resolve(__dirname, '../../client-web/dist')),
  /** On SIGTERM/SIGINT: clients get `restarting`, the store is flushed, and the process exits within this many seconds. */
  SHUTDOWN_GRACE_SECONDS: int(0, 600, 10),
  /** Scale-out: Redis shared by every process (matchmaking, presence, and the game store). Unset = one process, file store. */
  REDIS_URL: z.string().regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL').optional(),
  /** Keys in Redis start with this (several deployments or test runs can share one Redis). */
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{0,64}$/, 'letters, digits and : _ . - only').default('isle:'),
  /** host[:port][/path] (no scheme) that clients reach THIS process at; sent with seat reservations. Needed with several processes. */
  PUBLIC_ADDRESS: z.string().regex(/^[A-Za-z0-9.[\]-]+(:\d{1,5})?(\/[^\s]*)?$/, 'must be host[:port][/path] without a scheme').optional(),
  /** Where the file store keeps game logs (STORE=file, the default without REDIS_URL). */
  DATA_DIR: z.string().min(1).default(path.resolve('data')),
  /** Game store: auto (redis with REDIS_URL, else file), file, redis or memory (nothing survives a restart). */
  STORE: z.enum(['auto', 'file', 'redis', 'memory']).default('auto'),
  /** Name this process files its open games under in Redis, stable across restarts (default PUBLIC_ADDRESS, else host:port). */
  NODE_ID: z.string().regex(/^[A-Za-z0-9:_.\/-]{1,128}$/, 'letters, digits and : _ . / - only').optional(),
  /** Comma-separated addresses of reverse proxies whose X-Forwarded-For is believed (per-address quotas). */
  TRUSTED_PROXIES: z.string().regex(/^[0-9A-Fa-f:., ]*$/, 'IP addresses separated by commas').default(''),
  /** Rooms one address may create per minute (burst of the same size). */
  ROOMS_PER_MINUTE_PER_ADDRESS: int(1, 1_000_000, 30),
  /** Seat reservations (create/join) one address may hold that have not connected yet. */
  PENDING_JOINS_PER_ADDRESS: int(1, 1_000_000, 20),
  /** WebSocket connections one address may hold open at once. */
  MAX_CONNECTIONS_PER_ADDRESS: int(1, 1_000_000, 50),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Bad settings; main.ts prints the message as one line and exits 1. */
export class ConfigError extends Error {}

/** Read settings from `env` (default process.env); throws with a readable message on bad values. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') raw[key] = v;
  }
  const parsed = ConfigSchema.safeParse({ ...raw, ...overrides });
  if (!parsed.success) {
    throw new ConfigError('bad configuration: ' + parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return parsed.data;
}
