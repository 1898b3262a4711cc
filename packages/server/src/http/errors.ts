/**
 * Every HTTP error the server answers is JSON `{ code, error }`, without a stack, whatever the route.
 * Express (under Colyseus) otherwise answers an unknown path with an HTML page and a failed handler, or a
 * path with a bad percent-escape (`/%E0%A4%A`), with an HTML page holding the stack trace, and prints that
 * stack to stderr as plain lines (not JSON). Installed after every route of the app.
 *
 * A failure caused by Redis being away (the lobby's room list, say) answers 503 STORE_UNAVAILABLE and is
 * logged once per outage, not once per request: the outage itself already has its line (src/ops/redis-links.ts).
 */
import type { Application, NextFunction, Request, Response } from 'express';
import type { Logger } from '../ops/logger';

export interface HttpErrorOptions {
  /** The process's Redis connections, when it uses Redis (src/ops/redis-links.ts). */
  redis?: { readonly ok: boolean; readonly outages: number };
}

/** Messages of ioredis' failures when its server is away (the commands fail with these, not with a code). */
const REDIS_FAILURE = /max retries per request|Connection is closed|Command timed out|Stream isn't writeable|ECONNREFUSED|ECONNRESET|ETIMEDOUT/;

/** Whether an error is Redis being unreachable (by its text, or because Redis is down right now). */
export function isRedisFailure(e: unknown, redisDown: boolean): boolean {
  const msg = e instanceof Error ? e.message : String(e);
  return redisDown || REDIS_FAILURE.test(msg) || (e instanceof Error && e.name === 'MaxRetriesPerRequestError');
}

/** The JSON body of an HTTP error. */
export function errorBody(code: string, error: string): { code: string; error: string } {
  return { code, error };
}

/**
 * First of the app's middleware: a path that does not decode (a bad percent-escape) goes to the error handler
 * as a 400, before the static file server answers it with its own plain-text page.
 */
export function refuseUndecodablePaths(app: Application): void {
  app.use((req: Request, _res: Response, next: NextFunction) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      next(Object.assign(new Error('bad percent-escape in the path'), { status: 400 }));
      return;
    }
    next();
  });
}

/** Last of the app's middleware: unknown paths and failed handlers answer JSON. */
export function jsonErrors(app: Application, logger: Logger, opts: HttpErrorOptions = {}): void {
  // finalhandler's stack page and stderr print happen only outside production; the handler below answers
  // first anyway, this covers an error thrown by the handler itself.
  app.set('env', 'production');
  app.use((_req: Request, res: Response) => {
    res.status(404).json(errorBody('NOT_FOUND', 'No such page.'));
  });
  let loggedOutage = -1;
  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const status = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Express' own refusals: a bad percent-escape (400), a body too large (413), and the like.
      const code = status === 400 ? 'BAD_REQUEST' : status === 404 ? 'NOT_FOUND' : status === 413 ? 'TOO_LARGE' : `HTTP_${status}`;
      res.status(status).json(errorBody(code, status === 400 ? 'The request could not be read (a bad percent-escape in the path, say).' : (err as Error).message ?? 'Refused.'));
      return;
    }
    const redis = opts.redis;
    if (redis && isRedisFailure(err, !redis.ok)) {
      if (redis.outages !== loggedOutage) {
        loggedOutage = redis.outages;
        logger.warn({ err: (err as Error)?.message ?? String(err), path: req.path }, 'HTTP request failed: redis unavailable (logged once per outage)');
      }
      res.status(503).json(errorBody('STORE_UNAVAILABLE', 'The server cannot reach its store right now; try again shortly.'));
      return;
    }
    logger.error({ err, path: req.path }, 'HTTP request failed');
    res.status(500).json(errorBody('INTERNAL_ERROR', 'The server failed to answer this request.'));
  });
}
