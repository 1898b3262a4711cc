/**
 * The coach in the replay viewer: ask the server for the analysis of one seat of the finished game
 * (docs/PROTOCOL.md, "Post-game analysis"), poll its progress until it is done, and keep what the replay
 * bar shows: the marks on the timeline and the suggested move at each.
 */

/** One marked move, as the server sends it (the bots package's CoachMark, words included). */
export interface CoachMarkJSON {
  /** The move's place in the replay's actions: the viewer shows the position it was decided in at this index. */
  index: number;
  turn: number;
  loss: number;
  madeText: string;
  suggestedText: string;
  text: string;
}

export interface CoachAnalysisJSON {
  seat: number;
  unit: string;
  decisions: number;
  analysed: number;
  totalLoss: number;
  marks: CoachMarkJSON[];
}

/** What the viewer remembers of an analysis. */
export type CoachState =
  | { seat: number; status: 'running'; done: number; total: number }
  | { seat: number; status: 'done'; analysis: CoachAnalysisJSON }
  | { seat: number; status: 'failed'; message: string };

type Answer = { status: 'running'; done: number; total: number } | { status: 'done'; analysis: CoachAnalysisJSON } | { code: string; error: string };

const POLL_MS = 1000;

/**
 * Start (or join) the analysis and follow it: `update` hears each change, until it is done or failed, or
 * until `stopped()` says the viewer moved on.
 */
export async function followAnalysis(
  url: string, headers: Record<string, string>, seat: number, update: (s: CoachState) => void, stopped: () => boolean,
): Promise<void> {
  let method = 'POST';
  for (;;) {
    let body: Answer;
    try {
      const res = await fetch(url, { method, headers });
      body = (await res.json()) as Answer;
    } catch {
      update({ seat, status: 'failed', message: 'The analysis could not be fetched (connection lost?).' });
      return;
    }
    if (stopped()) return;
    if ('code' in body) { update({ seat, status: 'failed', message: body.error }); return; }
    if (body.status === 'done') { update({ seat, status: 'done', analysis: body.analysis }); return; }
    update({ seat, status: 'running', done: body.done, total: body.total });
    method = 'GET';
    await new Promise((r) => setTimeout(r, POLL_MS));
    if (stopped()) return;
  }
}
