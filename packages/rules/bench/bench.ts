/**
 * npm run bench [-- games [baselineCommit]]: the rules engine's speed, today's code against the engine as
 * it was before the fast core (commit BASELINE, or the one given), measured in the same process.
 *
 * The old engine is taken from git (`git archive <commit> packages/rules/src` into bench/.baseline/,
 * which is ignored by git) and loaded next to the current one, so both run on the same machine at the
 * same moment. Timings are CPU time of this process (process.cpuUsage), not wall-clock time, because the
 * machine is shared: other processes then cost less accuracy.
 *
 * For each player count:
 *  - simulator random step: legal() + apply() on random games through createSimulator;
 *  - public applyAction and legalActions: every position of those same games, replayed through the
 *    public API, new and old (the old API gives the identical games: same rules, same generator).
 */
import './register';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as cur from '../src';
import type { Action, GameState } from '../src';

/** The last commit before the fast core: the engine the ratios compare against. */
const BASELINE = '302b1d6';

type Engine = Pick<typeof cur, 'createGame' | 'applyAction' | 'legalActions' | 'currentDecision'>;

function loadBaseline(commit: string): Engine {
  const root = resolve(__dirname, '..', '..', '..');
  const dir = resolve(__dirname, '.baseline', commit);
  const marker = join(dir, '.complete');
  if (!existsSync(marker)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['archive', commit, 'packages/rules/src'], { cwd: root, maxBuffer: 64 << 20 });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    writeFileSync(marker, commit);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(dir, 'packages/rules/src')) as Engine;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Played { opts: { players: number; seed: string }; moves: { seat: number; action: Action }[] }

/** Random games through the simulator; returns the mean CPU µs per step (legal + apply) and the games. */
function simulate(players: number, games: number): { stepUs: number; steps: number; played: Played[] } {
  const played: Played[] = [];
  let steps = 0;
  let ms = 0;
  for (let g = 0; g < games; g++) {
    const opts = { players, seed: `bench-${players}-${g}` };
    const sim = cur.createSimulator(cur.createGame(opts));
    const rng = cur.fastRng([g + 1, players, 7, 11]);
    const moves: Played['moves'] = [];
    const t0 = cpuMs();
    while (!sim.gameOver) {
      const seat = sim.seat();
      const a = sim.randomLegal(rng)!;
      sim.apply(a);
      moves.push({ seat, action: a });
    }
    ms += cpuMs() - t0;
    steps += moves.length;
    played.push({ opts, moves });
  }
  return { stepUs: (1000 * ms) / steps, steps, played };
}

/** Mean CPU µs of applyAction and of legalActions over every position of the given games. */
function publicApi(e: Engine, played: Played[]): { applyUs: number; legalUs: number; finals: string[] } {
  const finals: string[] = [];
  let applyMs = 0;
  let legalMs = 0;
  let n = 0;
  for (const g of played) {
    const states: GameState[] = [];
    let s = e.createGame(g.opts);
    let t0 = cpuMs();
    for (const m of g.moves) {
      states.push(s);
      const r = e.applyAction(s, m.seat, m.action);
      if (!r.ok) throw new Error(`replay refused: ${r.error.code}`);
      s = r.state;
    }
    applyMs += cpuMs() - t0;
    finals.push(JSON.stringify(s));
    t0 = cpuMs();
    for (let i = 0; i < states.length; i++) e.legalActions(states[i], g.moves[i].seat);
    legalMs += cpuMs() - t0;
    n += g.moves.length;
  }
  return { applyUs: (1000 * applyMs) / n, legalUs: (1000 * legalMs) / n, finals };
}

const games = Number(process.argv[2] ?? 20);
const commit = process.argv[3] ?? BASELINE;
const old = loadBaseline(commit);
console.log(`node ${process.version}, ${games} random games per player count; CPU time per call; old = commit ${commit}`);
const rows: string[] = [];
// Warm-up (the JIT), not measured.
publicApi(old, simulate(2, 2).played);
publicApi(cur, simulate(2, 2).played);
for (const players of [2, 3, 4]) {
  const sim1 = simulate(players, games);
  // Old first, then new, then old again: the mean of the two old runs evens out drift on a busy machine.
  const o1 = publicApi(old, sim1.played);
  const now = publicApi(cur, sim1.played);
  const o2 = publicApi(old, sim1.played);
  // The simulator's games once more (the same games: same seeds), so its figure too is the mean of a run
  // before and a run after the old engine's.
  const sim2 = simulate(players, games);
  const sim = { ...sim1, stepUs: (sim1.stepUs + sim2.stepUs) / 2 };
  // Same rules: the old engine must end every game in exactly the state the new one does.
  now.finals.forEach((f, i) => { if (f !== o1.finals[i]) throw new Error(`old and new engines disagree on game ${i} (${players} players)`); });
  const oldApply = (o1.applyUs + o2.applyUs) / 2;
  const oldLegal = (o1.legalUs + o2.legalUs) / 2;
  const oldStep = oldApply + oldLegal; // the old way to take a random step: list, then apply
  const f = (x: number) => `${x.toFixed(2)} µs`;
  const line = `${players} players: ${(sim.steps / games).toFixed(0)} actions/game, ${(1e6 / (sim.stepUs * sim.steps / games)).toFixed(1)} simulator playouts/s | `
    + `simulator random step ${f(sim.stepUs)} (old legal+apply ${f(oldStep)}, ${(oldStep / sim.stepUs).toFixed(1)}x) | `
    + `applyAction ${f(now.applyUs)} (old ${f(oldApply)}, ${(oldApply / now.applyUs).toFixed(1)}x) | `
    + `legalActions ${f(now.legalUs)} (old ${f(oldLegal)}, ${(oldLegal / now.legalUs).toFixed(1)}x)`;
  console.log(line);
  rows.push(line);
}
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, rows.join('\n') + '\n');

