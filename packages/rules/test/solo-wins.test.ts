/**
 * Every solo chapter is winnable: one won deal per chapter, found by the full-information search
 * (`npm run solvability`, bench/solvability.ts), is replayed here through applyAction.
 *
 * Each fixture is a seed plus the whole action list of a real game. The test asserts that every
 * action is accepted, that the chapter is not won before the last action, and that it is won
 * (`result.solo === 'won'`) exactly when the last action is applied. A rules or catalogue change that
 * breaks one of these games fails here; if the change is intended, run
 * `npm run solvability -- --write-fixtures` to look for wins under the new rules (a chapter the search
 * cannot win any more is a finding to report, not a fixture to delete).
 */
import * as fs from 'fs';
import * as path from 'path';
import { applyAction, createGame, playerScore, soloStatus, type GameOptions, type GameState } from '../src';

interface Fixture {
  options: GameOptions;
  score?: number;
  actions: { seat: number; action: unknown }[];
}

const dir = path.join(__dirname, 'fixtures', 'solo-wins');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'unwon.json').sort();
const load = (f: string): Fixture => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
/** Chapter number → what stopped the search, for chapters with no won deal yet. */
function readUnwon(): Record<string, string> {
  const f = path.join(dir, 'unwon.json');
  return fs.existsSync(f) ? (JSON.parse(fs.readFileSync(f, 'utf8')) as { chapters: Record<string, string> }).chapters : {};
}

/** Applies every action but the last, checking each is accepted and the game is still open. */
function replayAllButLast(fx: Fixture): GameState {
  let s = createGame(fx.options);
  fx.actions.slice(0, -1).forEach(({ seat, action }, i) => {
    const r = applyAction(s, seat, action);
    if (!r.ok) throw new Error(`action ${i + 1} of ${fx.actions.length} refused: ${r.error.code} ${r.error.message}`);
    s = r.state;
    if (s.gameOver) throw new Error(`the game ended (${JSON.stringify(s.result)}) after action ${i + 1} of ${fx.actions.length}`);
  });
  return s;
}

describe('solo wins found by the solvability search replay to a win', () => {
  it('has a won deal for every chapter 1–10, or the chapter is recorded as not shown winnable', () => {
    const won = files.map(load).filter((fx) => fx.options.mode === 'scenario').map((fx) => fx.options.scenario!);
    // Chapters the search found no win for are catalogue defects, listed with what blocks them in
    // unwon.json (and in CATALOGUE.md, "Solvability"): a chapter must be in exactly one of the two.
    const unwon = Object.keys(readUnwon()).map(Number);
    for (const c of unwon) expect(won).not.toContain(c);
    expect([...won, ...unwon].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  for (const f of files) {
    const fx = load(f);
    if (fx.options.mode !== 'scenario') continue;
    it(`chapter ${fx.options.scenario} (${f}, seed ${fx.options.seed}): won exactly at action ${fx.actions.length}`, () => {
      const before = replayAllButLast(fx);
      expect(before.result).toBeNull();
      expect(soloStatus(before)!.outcome).toBe('playing');
      const last = fx.actions[fx.actions.length - 1];
      const r = applyAction(before, last.seat, last.action);
      if (!r.ok) throw new Error(`last action refused: ${r.error.code} ${r.error.message}`);
      expect(r.state.gameOver).toBe(true);
      expect(r.state.result).toEqual({ reason: 'objective', solo: 'won' });
      const st = soloStatus(r.state)!;
      expect(st.current).toBeGreaterThanOrEqual(st.target!);
    });
  }

  for (const f of files) {
    const fx = load(f);
    if (fx.options.mode !== 'challenge') continue;
    it(`the Challenge (${f}, seed ${fx.options.seed}): the best game found ends with ${fx.score} points`, () => {
      const before = replayAllButLast(fx);
      const last = fx.actions[fx.actions.length - 1];
      const r = applyAction(before, last.seat, last.action);
      if (!r.ok) throw new Error(`last action refused: ${r.error.code} ${r.error.message}`);
      expect(r.state.result).toEqual({ reason: 'deck-empty', solo: 'finished' });
      expect(playerScore(r.state, 0).total).toBe(fx.score);
    });
  }
});
