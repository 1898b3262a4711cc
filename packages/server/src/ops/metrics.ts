/**
 * Prometheus metrics (prom-client), served at GET /metrics. One registry per server instance.
 *
 *   isle_rooms{phase}                       live rooms on this process by phase (lobby/playing/ended)
 *   isle_clients{state}                     connected sockets; human seats waiting for a reconnect;
 *                                           human seats a bot plays for (away)
 *   isle_intents_total{result,code}         intents accepted (code="ok") and rejected by error code
 *   isle_intent_to_patch_seconds            from an intent's arrival to its state patch being sent
 *   isle_store_write_seconds{backend}       store append latency (file: write(2); redis: round trip;
 *                                           file-sync: background fdatasync)
 *   isle_store_write_errors_total{backend}
 *   isle_draining                           1 while shutting down (/readyz answers 503)
 *   isle_games_restored_total, isle_restore_seconds   games brought back at start, and how long it took
 *   isle_games_total{event}                 games started, finished (end) and abandoned (stopped unfinished)
 *   isle_bot_moves_total{by}                moves made by bots (bot seats and absent players: bot; turn time-outs: timeout)
 *   isle_bot_fallbacks_total{why}           bot decisions in worker threads that fell back to a greedy move on
 *                                           the main thread: the worker timed out (timeout) or crashed (error)
 *   isle_restore_problems_total{outcome}    logs that needed repair on restore: salvaged (a damaged tail
 *                                           cut off), quarantined (not restorable), failed (an error)
 *   isle_store_up                           1 while the game store takes writes, 0 while it does not
 *   isle_redis_up                           1 while every Redis connection is ready (absent without Redis)
 *   isle_players_db_up                      1 while the players' database answers, 0 during an outage
 *                                           (src/db/health.ts; absent with PLAYERS_DB=off)
 *   isle_coach_runs_total{outcome}          analyses run in this process's coach workers: started, finished, failed,
 *                                           taken_over (of the started: another server's run that went stale)
 *   isle_coach_store_reads_total{result}    stored analyses looked up: hit (served), miss (none), stale (another
 *                                           coach version), corrupt (unreadable row), running (another server
 *                                           computes it: its progress served), error (the database failed)
 *   isle_coach_store_writes_total{result}   analyses written to the players' database: ok, error (retried at
 *                                           the analysis' next request)
 *   nodejs_eventloop_lag_seconds (+ _p50/_p90/_p99 ...), process_* and nodejs_* defaults
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { StoreObserver } from '../persistence/store/types';

/** What the metrics read from a live room (duck-typed on a Colyseus Room with IsleState). */
export interface RoomLike {
  roomId: string;
  clients: { length: number };
  state?: { phase?: string; seats?: Iterable<{ kind?: string; connected?: boolean; botPlaying?: boolean }> };
}

export const PHASES = ['lobby', 'playing', 'ended'] as const;

export class Metrics {
  readonly registry = new Registry();
  readonly intents: Counter<'result' | 'code'>;
  readonly intentToPatch: Histogram;
  readonly storeWrite: Histogram<'backend'>;
  readonly storeErrors: Counter<'backend'>;
  readonly draining: Gauge;
  readonly restored: Counter;
  readonly restoreSeconds: Gauge;
  readonly games: Counter<'event'>;
  readonly botMoves: Counter<'by'>;
  readonly restoreProblems: Counter<'outcome'>;

  constructor(
    rooms: () => Iterable<RoomLike> = () => [],
    health: { store?: () => boolean; redis?: () => boolean; playersDb?: () => boolean } = {},
    /** The bot worker pool's counts (BotPool.counts), read at every scrape; null or absent without workers. */
    botPool: () => { timeouts: number; errors: number } | null = () => null,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    new Gauge({
      name: 'isle_rooms', help: 'Live rooms on this process by phase', labelNames: ['phase'], registers,
      collect() {
        const n: Record<string, number> = { lobby: 0, playing: 0, ended: 0 };
        for (const r of rooms()) {
          const phase = r.state?.phase ?? 'lobby';
          n[phase] = (n[phase] ?? 0) + 1;
        }
        for (const [phase, v] of Object.entries(n)) this.set({ phase }, v);
      },
    });
    new Gauge({
      name: 'isle_clients', help: 'Clients by state: connected sockets, seats awaiting reconnection, seats played by a bot for an absent human',
      labelNames: ['state'], registers,
      collect() {
        let connected = 0, reconnecting = 0, away = 0;
        for (const r of rooms()) {
          connected += r.clients.length;
          for (const s of r.state?.seats ?? []) {
            if (s.kind !== 'human' || s.connected) continue;
            if (s.botPlaying) away++; else reconnecting++;
          }
        }
        this.set({ state: 'connected' }, connected);
        this.set({ state: 'reconnecting' }, reconnecting);
        this.set({ state: 'away' }, away);
      },
    });
    this.intents = new Counter({
      name: 'isle_intents_total', help: 'Intents by result (accepted/rejected) and code (ok or the error code)',
      labelNames: ['result', 'code'], registers,
    });
    this.intentToPatch = new Histogram({
      name: 'isle_intent_to_patch_seconds', help: 'Time from an intent arriving to the state patch that shows it being sent',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1], registers,
    });
    this.storeWrite = new Histogram({
      name: 'isle_store_write_seconds', help: 'Game store write latency by backend',
      labelNames: ['backend'], buckets: [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5], registers,
    });
    this.storeErrors = new Counter({ name: 'isle_store_write_errors_total', help: 'Failed store writes', labelNames: ['backend'], registers });
    this.draining = new Gauge({ name: 'isle_draining', help: '1 while the process is shutting down', registers });
    this.restored = new Counter({ name: 'isle_games_restored_total', help: 'Unfinished games recreated from the store at start', registers });
    this.restoreSeconds = new Gauge({ name: 'isle_restore_seconds', help: 'Time taken to restore games at start', registers });
    this.games = new Counter({ name: 'isle_games_total', help: 'Games started, finished and abandoned (stopped unfinished) on this process', labelNames: ['event'], registers });
    for (const event of ['started', 'finished', 'abandoned']) this.games.inc({ event }, 0);
    this.botMoves = new Counter({ name: 'isle_bot_moves_total', help: 'Moves made by bots: bot seats and absent players (bot), turn time-outs (timeout)', labelNames: ['by'], registers });
    for (const by of ['bot', 'timeout']) this.botMoves.inc({ by }, 0);
    new Counter({
      name: 'isle_bot_fallbacks_total', help: 'Bot decisions in worker threads that fell back to a greedy move on the main thread: timed out (timeout) or crashed (error)',
      labelNames: ['why'], registers,
      collect() {
        // The pool keeps the counts; a scrape copies them (counters only grow, as the pool's do).
        const c = botPool();
        this.reset();
        this.inc({ why: 'timeout' }, c?.timeouts ?? 0);
        this.inc({ why: 'error' }, c?.errors ?? 0);
      },
    });
    this.restoreProblems = new Counter({
      name: 'isle_restore_problems_total', help: 'Logs that needed repair at restore: salvaged (damaged tail cut), quarantined (moved aside), failed (error)',
      labelNames: ['outcome'], registers,
    });
    for (const outcome of ['salvaged', 'quarantined', 'failed']) this.restoreProblems.inc({ outcome }, 0);
    const storeUp = health.store;
    new Gauge({ name: 'isle_store_up', help: '1 while the game store takes writes', registers, collect() { this.set(!storeUp || storeUp() ? 1 : 0); } });
    const redisUp = health.redis;
    if (redisUp) new Gauge({ name: 'isle_redis_up', help: '1 while every Redis connection is ready', registers, collect() { this.set(redisUp() ? 1 : 0); } });
    const playersDbUp = health.playersDb;
    if (playersDbUp) new Gauge({ name: 'isle_players_db_up', help: "1 while the players' database answers, 0 during an outage", registers, collect() { this.set(playersDbUp() ? 1 : 0); } });
  }

  /** The archive outbox: games waiting for the players' archive, and games it archived (fresh or already there). */
  watchOutbox(waiting: () => number): Counter<'fresh' | 'rated'> {
    const registers = [this.registry];
    new Gauge({ name: 'isle_archive_owed', help: 'Finished games this process knows to be owed to the players\' archive and not yet archived', registers, collect() { this.set(waiting()); } });
    return new Counter({ name: 'isle_archived_total', help: 'Finished games the players\' archive took (fresh=false: it held them already)', labelNames: ['fresh', 'rated'], registers });
  }

  /** The coach's counts (CoachService.counts and storeCounts), copied at every scrape. */
  watchCoach(
    runs: { started: number; finished: number; failed: number; takenOver: number },
    store: { hit: number; miss: number; stale: number; corrupt: number; running: number; readError: number; written: number; writeError: number },
  ): void {
    const registers = [this.registry];
    const copy = (c: Counter<string>, label: string, values: Record<string, number>): void => {
      c.reset();
      for (const [k, v] of Object.entries(values)) c.inc({ [label]: k }, v);
    };
    new Counter({
      name: 'isle_coach_runs_total', help: "Analyses run in this process's coach workers: started, finished, failed, taken_over (of the started: another server's stale run)", labelNames: ['outcome'], registers,
      collect() { copy(this, 'outcome', { started: runs.started, finished: runs.finished, failed: runs.failed, taken_over: runs.takenOver }); },
    });
    new Counter({
      name: 'isle_coach_store_reads_total', help: 'Stored analyses looked up: hit, miss, stale (another coach version), corrupt (unreadable row), running (computed by another server), error (database failed)',
      labelNames: ['result'], registers,
      collect() { copy(this, 'result', { hit: store.hit, miss: store.miss, stale: store.stale, corrupt: store.corrupt, running: store.running, error: store.readError }); },
    });
    new Counter({
      name: 'isle_coach_store_writes_total', help: "Analyses written to the players' database: ok, error (retried at the analysis' next request)",
      labelNames: ['result'], registers,
      collect() { copy(this, 'result', { ok: store.written, error: store.writeError }); },
    });
  }

  /** A log entry a room's journal took: counts games started, finished, abandoned (after their start). */
  gameEntry(t: string, started: boolean): void {
    if (t === 'start') this.games.inc({ event: 'started' });
    else if (t === 'end') this.games.inc({ event: 'finished' });
    else if (t === 'abandon' && started) this.games.inc({ event: 'abandoned' });
  }

  intentAccepted(): void {
    this.intents.inc({ result: 'accepted', code: 'ok' });
  }

  intentRejected(code: string): void {
    this.intents.inc({ result: 'rejected', code });
  }

  /** Start timing an intent; call the result once the patch has been sent. */
  intentTimer(): () => void {
    const t0 = process.hrtime.bigint();
    return () => this.intentToPatch.observe(Number(process.hrtime.bigint() - t0) / 1e9);
  }

  readonly storeObserver: StoreObserver = {
    write: (backend, seconds, ok) => {
      if (ok) this.storeWrite.observe({ backend }, seconds);
      else this.storeErrors.inc({ backend });
    },
  };

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
