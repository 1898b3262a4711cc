/**
 * Graceful shutdown on SIGTERM/SIGINT, bounded by SHUTDOWN_GRACE_SECONDS:
 *
 *  1. drain: /readyz answers 503, new rooms are refused, every client gets `restarting` { seconds };
 *  2. a short notice period (a quarter of the grace, at most 1 s) for in-flight intents;
 *  3. close: every room is disconnected (unfinished games stay open in the store), the store is
 *     flushed and closed, Redis connections end;
 *  4. exit 0. If any of that is still running when the grace period is over, exit 1 at once.
 *
 * Unfinished games come back on the next start (src/persistence/restore.ts); clients rejoin with their seat tokens.
 */
import type { Logger } from './logger';

export interface Drainable {
  notifyRestart(seconds: number): Promise<void>;
  close(): Promise<void>;
  readonly logger: Logger;
}

export interface ShutdownOptions {
  graceSeconds: number;
  exit?: (code: number) => void;
  signals?: NodeJS.Signals[];
}

export function noticeMs(graceSeconds: number): number {
  return Math.min(1000, (graceSeconds * 1000) / 4);
}

/** Install the signal handlers; returns the shutdown function (also usable directly). */
export function installShutdown(server: Drainable, opts: ShutdownOptions): (signal: string) => Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | null = null;
  const stop = (signal: string): Promise<void> => {
    if (stopping) return stopping;
    stopping = (async () => {
      const t0 = Date.now();
      const graceMs = opts.graceSeconds * 1000;
      server.logger.info({ signal, graceSeconds: opts.graceSeconds }, 'shutting down');
      const hard = setTimeout(() => {
        server.logger.error({ ms: Date.now() - t0 }, 'shutdown grace period over; exiting now');
        exit(1);
      }, graceMs);
      try {
        await server.notifyRestart(opts.graceSeconds);
        await new Promise((r) => setTimeout(r, noticeMs(opts.graceSeconds)));
        await server.close();
        server.logger.info({ ms: Date.now() - t0 }, 'shut down');
        clearTimeout(hard);
        exit(0);
      } catch (e) {
        server.logger.error({ err: (e as Error).message }, 'shutdown failed');
        clearTimeout(hard);
        exit(1);
      }
    })();
    return stopping;
  };
  for (const s of opts.signals ?? ['SIGTERM', 'SIGINT']) process.on(s, () => void stop(s));
  return stop;
}

/** A start failure (bad settings, port, Redis) as one JSON line on stderr (no stack), then exit 1. */
export function exitOnStartError(e: unknown, exit: (code: number) => void = (c) => process.exit(c)): void {
  const msg = e instanceof Error ? e.message : String(e);
  const line = { level: 60, time: new Date().toISOString(), service: 'isle-server', msg: `isle-server: ${msg.replace(/\s*\n\s*/g, ' ')}` };
  process.stderr.write(`${JSON.stringify(line)}\n`);
  exit(1);
}
