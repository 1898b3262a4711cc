/**
 * The analysis route (docs/PROTOCOL.md, "Post-game analysis"):
 *   POST /api/games/:id/analysis/:seat  starts the analysis of that seat (once: later requests read it, from
 *                                       memory or from the players' database, src/coach/coach-store.ts)
 *   GET  /api/games/:id/analysis/:seat  reads its progress or its result (another server's progress too, from
 *                                       the database; a run whose server stopped updating it is taken over)
 * Only ended games are analysed, so anyone who may read the game's replay (anyone for a public game; a
 * private one's players and whoever has its share key) may ask about any seat, as the replay shows every
 * seat's moves. The access check comes first, so a stored analysis of a private game is read for those only.
 * Every refusal is `{ code, error }`.
 */
import type { Application, Request, Response } from 'express';
import { GameOptionsSchema } from '@isle-of-trains/rules';
import type { RecordedGame } from '@isle-of-trains/bots';
import { findEndedGame } from '../http/ended-games';
import { replayAllowed } from '../http/replay-access';
import type { RoutesContext } from '../http/routes';
import { CoachRefusal, type CoachService, type CoachStatus } from './coach-service';

const refuse = (res: Response, status: number, code: string, error: string): void => {
  res.status(status).json({ code, error });
};

/** 200 with the result, 202 while it runs, or the failure's refusal. */
function answer(res: Response, st: CoachStatus): void {
  if (st.status === 'failed') {
    if (st.code === 'ANALYSIS_FAILED') refuse(res, 500, st.code, st.message);
    else refuse(res, 422, st.code, st.message);
    return;
  }
  res.status(st.status === 'done' ? 200 : 202).json(st);
}

export function coachRoutes(app: Application, c: RoutesContext, coach: CoachService): void {
  /** The ended game and seat of the request, or null once it has answered a refusal. */
  const target = async (req: Request, res: Response): Promise<{ id: string; seat: number; game: RecordedGame } | null> => {
    const id = String(req.params.id);
    const found = await findEndedGame(c, id);
    if (found.kind === 'ended' && !await replayAllowed(found.access, req.query.key, req.get('authorization'), c.players)) {
      refuse(res, 404, 'NOT_FOUND', 'No ended game with that id.');
      return null;
    }
    if (found.kind === 'live') { refuse(res, 409, 'NOT_ENDED', 'The game has not ended yet.'); return null; }
    if (found.kind !== 'ended') { refuse(res, 404, 'NOT_FOUND', 'No ended game with that id.'); return null; }
    const replay = found.replay;
    const options = replay.game === 'ttr' ? null : GameOptionsSchema.safeParse(replay.options);
    if (replay.game === 'ttr' || !options?.success) { refuse(res, 422, 'NO_COACH', 'The coach analyses Isle of Trains games only.'); return null; }
    const raw = String(req.params.seat);
    const seat = /^\d{1,2}$/.test(raw) ? Number(raw) : -1;
    if (seat < 0 || seat >= options.data.players) {
      refuse(res, 400, 'BAD_SEAT', `The seat must be a number from 0 to ${options.data.players - 1}.`);
      return null;
    }
    return { id, seat, game: { options: replay.options, actions: replay.actions } };
  };

  app.post('/api/games/:id/analysis/:seat', async (req, res) => {
    const t = await target(req, res);
    if (!t) return;
    try {
      answer(res, await coach.request(t.id, t.seat, t.game));
    } catch (e) {
      if (!(e instanceof CoachRefusal)) throw e;
      refuse(res, 503, e.code, e.message);
    }
  });

  app.get('/api/games/:id/analysis/:seat', async (req, res) => {
    const t = await target(req, res);
    if (!t) return;
    let st: CoachStatus | null;
    try {
      // With the game: a run whose server died is taken over here, as its asker is still waiting for it.
      st = await coach.status(t.id, t.seat, t.game);
    } catch (e) {
      if (!(e instanceof CoachRefusal)) throw e;
      refuse(res, 503, e.code, e.message);
      return;
    }
    if (st) answer(res, st);
    else refuse(res, 404, 'ANALYSIS_NOT_STARTED', 'Nobody asked for this analysis yet: POST to the same address starts it.');
  });
}
