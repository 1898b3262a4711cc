/**
 * Lazy restore: with many unfinished games, the server is ready as soon as it has their ids (the
 * index: one directory listing or one Redis SMEMBERS), and rebuilds each game
 *
 *  - at once when a player asks for it (a joinById to its room id waits for it: see interceptJoins),
 *  - else in the background, one game at a time, yielding to the event loop between games,
 *
 * so a restart with 10,000 unfinished games is ready in well under 2 s (BENCHMARKS.md) instead of
 * replaying every game first. Each game is restored exactly once (src/persistence/restore.ts, restoreGame).
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'http';
import { emptyReport, logReport, restoreGame, type RestoreDeps, type RestoreReport } from './restore';

export class LazyRestore {
  readonly report: RestoreReport = emptyReport();
  private readonly waiting: Set<string>;
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;
  private readonly t0 = Date.now();
  private finished!: () => void;
  /** Resolves when every game has been dealt with (or stop() was called). */
  readonly done = new Promise<void>((resolve) => { this.finished = resolve; });

  constructor(ids: readonly string[], private readonly deps: RestoreDeps & { onRestored?: (report: RestoreReport) => void }) {
    this.waiting = new Set(ids);
    if (ids.length === 0) this.finish();
  }

  /** Games not restored yet (waiting or being restored). */
  get left(): number { return this.waiting.size + this.running.size; }

  /** The game `roomId` is still to be restored. */
  has(roomId: string): boolean {
    return this.waiting.has(roomId) || this.running.has(roomId);
  }

  /** Restore `roomId` now if it is waiting; resolves once it is back (or dealt with). */
  ensure(roomId: string): Promise<void> {
    const running = this.running.get(roomId);
    if (running) return running;
    if (!this.waiting.delete(roomId)) return Promise.resolve();
    const p = restoreGame(roomId, this.deps, this.report).finally(() => {
      this.running.delete(roomId);
      this.deps.onRestored?.(this.report);
      if (this.left === 0) this.finish();
    });
    this.running.set(roomId, p);
    return p;
  }

  /** Restore the rest in the background, one game at a time. */
  background(): void {
    void (async () => {
      for (const id of this.waiting) {
        if (this.stopped) return;
        await this.ensure(id);
        await new Promise((r) => setImmediate(r));
      }
    })();
  }

  stop(): void {
    this.stopped = true;
    this.finish();
  }

  private finish(): void {
    this.report.ms = Date.now() - this.t0;
    if (!this.stopped) logReport(this.deps.logger, this.report);
    this.finished();
  }
}

/**
 * Make a join to a game that is not restored yet wait for its restore: the HTTP 'request' listeners
 * Colyseus put on the server run once the game is back (a POST body waits, paused, meanwhile).
 */
export function interceptJoins(server: HttpServer, lazy: LazyRestore): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const forward = () => { for (const l of listeners) l.call(server, req, res); };
    const m = /^\/matchmake\/(?:joinById|reconnect)\/([A-Za-z0-9_-]{1,64})(?:[/?]|$)/.exec(req.url ?? '');
    if (m && req.method === 'POST' && lazy.has(m[1])) lazy.ensure(m[1]).then(forward, forward);
    else forward();
  });
}
