/**
 * npm run solvability: is every solo chapter winnable from real deals?
 *
 * For each chapter 1–10 (and the Challenge) this deals `--deals` games with createGame and runs the
 * full-information search in solver/search.ts on each. The search may look at everything (deck order,
 * generator) because it proves that a win exists; it is not a bot. It prints one row per chapter:
 * deals tried, deals won, the actions a win took (mean and fewest; "actions" are applyAction calls,
 * payments and delivery steps included, "main" the main actions used, two per turn) and the time.
 *
 *   npm run solvability -- [--deals 20] [--chapters 1,4,challenge] [--jobs 1] [--effort 150000]
 *                          [--seed-prefix deal | --seeds deal-1,deal-7] [--deck-left] [--write-fixtures] [--verbose]
 *
 * --jobs N runs N child processes (the machine is shared: the default is 1).
 * --effort caps the applyAction calls spent on one deal (all attempts together); counting work instead
 * of time makes a run give the same table on a busy machine as on an idle one.
 * --deck-left counts only wins that leave a card in the deck (see SolveOptions.deckLeft).
 * --write-fixtures stores, per chapter, the won deal with the fewest actions in
 * test/fixtures/solo-wins/ (replayed by test/solo-wins.test.ts).
 */
import './register';
import { fork } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DEFAULT_EFFORT, solve, type Mode, type SolveResult } from './solver/search';

interface Task { mode: Mode; seed: string; effort: number; deckLeft: boolean }

function parseArgs(argv: string[]) {
  const o = {
    deals: 20, modes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'challenge'] as Mode[], jobs: 1, effort: DEFAULT_EFFORT,
    seedPrefix: 'deal', seeds: null as string[] | null, deckLeft: false, writeFixtures: false, verbose: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    if (a === '--deals') o.deals = Number(v());
    else if (a === '--chapters') o.modes = v().split(',').map((m) => (m === 'challenge' || m === 'c' ? 'challenge' : Number(m)));
    else if (a === '--jobs') o.jobs = Math.max(1, Number(v()));
    else if (a === '--effort') o.effort = Number(v());
    else if (a === '--seed-prefix') o.seedPrefix = v();
    else if (a === '--seeds') o.seeds = v().split(',');
    else if (a === '--deck-left') o.deckLeft = true;
    else if (a === '--write-fixtures') o.writeFixtures = true;
    else if (a === '--verbose') o.verbose = true;
    else throw new Error(`unknown option ${a}`);
  }
  for (const m of o.modes) if (m !== 'challenge' && !(Number.isInteger(m) && m >= 1 && m <= 10)) throw new Error(`bad chapter ${m}`);
  if (!(o.deals >= 1)) throw new Error('--deals must be at least 1');
  return o;
}

const label = (m: Mode) => (m === 'challenge' ? 'Challenge' : String(m));

/** Runs the tasks in `jobs` child processes (or in this one for jobs = 1), results in task order. */
async function runAll(tasks: Task[], jobs: number, onDone: (r: SolveResult) => void): Promise<SolveResult[]> {
  const results: SolveResult[] = new Array(tasks.length);
  if (jobs <= 1) {
    tasks.forEach((t, i) => {
      results[i] = solve(t);
      onDone(results[i]);
    });
    return results;
  }
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, () => new Promise<void>((resolve, reject) => {
    const child = fork(__filename, ['--child'], {
      execArgv: ['-r', 'ts-node/register/transpile-only'],
      env: { ...process.env, TS_NODE_PROJECT: path.join(__dirname, '..', 'tsconfig.test.json') },
    });
    let current = -1;
    const feed = () => {
      if (next >= tasks.length) { child.send({ done: true }); return; }
      current = next++;
      child.send({ task: tasks[current] });
    };
    child.on('message', (m: { result: SolveResult }) => {
      results[current] = m.result;
      onDone(m.result);
      feed();
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`))));
    child.on('error', reject);
    feed();
  })));
  return results;
}

function child(): void {
  process.on('message', (m: { task?: Task; done?: boolean }) => {
    if (m.done) { process.disconnect(); return; }
    if (m.task) process.send!({ result: solve(m.task) });
  });
}

function fixturePath(m: Mode): string {
  return path.join(__dirname, '..', 'test', 'fixtures', 'solo-wins', `${m === 'challenge' ? 'challenge' : `chapter-${String(m).padStart(2, '0')}`}.json`);
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const tasks: Task[] = [];
  const seeds = o.seeds ?? Array.from({ length: o.deals }, (_, i) => `${o.seedPrefix}-${i + 1}`);
  for (const mode of o.modes) for (const seed of seeds) tasks.push({ mode, seed, effort: o.effort, deckLeft: o.deckLeft });
  console.log(`Solvability search: ${seeds.length} deal(s) per chapter, effort ${o.effort} applyAction calls per deal, ${o.jobs} job(s), node ${process.version}, ${os.cpus().length} cores`);
  const t0 = Date.now();
  const results = await runAll(tasks, o.jobs, (r) => {
    if (o.verbose) {
      console.log(`  ${label(r.mode)} ${r.seed}: ${r.won ? 'won' : r.mode === 'challenge' ? `score ${r.score}` : 'not won'} ` +
        `${r.actions.length} actions, ${r.mainActions} main, width ${r.width}, attempt ${r.attempts}, ${r.applies} applies, ${r.ms} ms${r.note ? ` — ${r.note}` : ''}`);
    }
  });
  const wall = (Date.now() - t0) / 1000;

  const rows: string[] = [
    '| chapter | deals tried | deals won | actions to win: mean (fewest) | main actions: mean (fewest) | time |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const blockers: string[] = [];
  for (const mode of o.modes) {
    const rs = results.filter((r) => r.mode === mode);
    const secs = rs.reduce((n, r) => n + r.ms, 0) / 1000;
    if (mode === 'challenge') {
      const scores = rs.map((r) => r.score ?? 0);
      const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
      rows.push(`| Challenge | ${rs.length} | best score ${Math.max(...scores)}, mean ${mean.toFixed(1)}, lowest ${Math.min(...scores)} | — | — | ${secs.toFixed(1)} s |`);
      continue;
    }
    const won = rs.filter((r) => r.won);
    const fmt = (xs: number[]) => (xs.length ? `${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1)} (${Math.min(...xs)})` : '—');
    rows.push(`| ${mode} | ${rs.length} | ${won.length} | ${fmt(won.map((r) => r.actions.length))} | ${fmt(won.map((r) => r.mainActions))} | ${secs.toFixed(1)} s |`);
    if (won.length === 0) blockers.push(`chapter ${mode}: no deal won; best reached: ${rs.map((r) => `${r.seed}: ${r.note}`).slice(0, 3).join(' / ')}`);
    if (o.writeFixtures && won.length > 0) writeFixture(won.reduce((a, b) => (b.actions.length < a.actions.length ? b : a)));
  }
  if (o.writeFixtures && o.modes.includes('challenge')) {
    const ch = results.filter((r) => r.mode === 'challenge' && r.score !== null);
    if (ch.length) writeFixture(ch.reduce((a, b) => ((b.score ?? 0) > (a.score ?? 0) ? b : a)));
  }
  console.log(rows.join('\n'));
  console.log(`\nTotal wall-clock time ${wall.toFixed(1)} s (sum of per-deal times ${(results.reduce((n, r) => n + r.ms, 0) / 1000).toFixed(1)} s).`);
  for (const b of blockers) console.log(`BLOCKED ${b}`);
}

function writeFixture(r: SolveResult): void {
  const file = fixturePath(r.mode);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const options = r.mode === 'challenge'
    ? { players: 1, seed: r.seed, mode: 'challenge' }
    : { players: 1, seed: r.seed, mode: 'scenario', scenario: r.mode };
  const body = {
    note: 'Found by npm run solvability (packages/rules/bench/solvability.ts); replayed by test/solo-wins.test.ts.',
    options,
    ...(r.mode === 'challenge' ? { score: r.score } : {}),
    actions: r.actions.map((action) => ({ seat: 0, action })),
  };
  fs.writeFileSync(file, `${JSON.stringify(body, null, 0).replace(/\{"seat"/g, '\n  {"seat"')}\n`);
  console.log(`wrote ${path.relative(process.cwd(), file)} (${r.actions.length} actions)`);
}

if (process.argv.includes('--child')) child();
else main().catch((e) => { console.error(e instanceof Error ? e.message : e); process.exit(1); });
