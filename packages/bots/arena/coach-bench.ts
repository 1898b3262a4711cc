/**
 * How long the coach takes and how steady its marks are: `npm run coach-bench -w @isle-of-trains/bots -- [options]`.
 *
 * Plays games between bots (greedy against random by default: random makes mistakes worth marking), records
 * each game's actions as the server does, and analyses one seat's decisions: once at a fixed seed, again at
 * that seed (the marks must be identical), and at other seeds (how many marks agree).
 *
 *   --games N       games to analyse (default 2)
 *   --players P     seats, 1-4 (1: the solo Challenge; default 2)
 *   --chapter C     with --players 1: a scenario chapter instead of the Challenge
 *   --bots LIST     one level per seat (default greedy,random)
 *   --seat S        the seat analysed (default 1)
 *   --seeds K       analyses at other seeds, for agreement (default 2)
 *   --worlds W      most worlds per decision (default: the coach's own)
 */
import './register';
import {
  applyAction, createGame, currentDecision, playerView, type Action, type GameOptions,
} from '@isle-of-trains/rules';
import { analyseGame, createBot, type BotLevel, type CoachAnalysis, type PublicHistoryEntry, type RecordedGame } from '@isle-of-trains/bots';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : dflt;
}

export function recordGame(options: GameOptions, levels: BotLevel[], tag: string): RecordedGame {
  const bots = levels.map((l, i) => createBot(l, { seed: `${tag}:${i}`, iterations: 8 }));
  let s = createGame(options);
  const actions: { seat: number; action: Action }[] = [];
  const history: PublicHistoryEntry[] = [];
  while (!s.gameOver && actions.length < 3000) {
    const seat = currentDecision(s)!.seat;
    const action = bots[seat].chooseAction({ view: playerView(s, seat), seat, history });
    const r = applyAction(s, seat, action);
    if (!r.ok) throw new Error(`refused: ${r.error.message}`);
    history.push(...r.events);
    actions.push({ seat, action });
    s = r.state;
  }
  if (!s.gameOver) throw new Error('the game did not end');
  return { options, actions };
}

const key = (a: CoachAnalysis): string[] => a.marks.map((m) => `${m.index}`);

function main(): void {
  const games = Number(arg('games', '2'));
  const players = Number(arg('players', '2'));
  const chapter = arg('chapter', '');
  const levels = arg('bots', players === 1 ? 'greedy' : 'greedy,random').split(',') as BotLevel[];
  const seat = Number(arg('seat', players === 1 ? '0' : '1'));
  const seeds = Number(arg('seeds', '2'));
  const worlds = arg('worlds', '');
  const opts = worlds ? { maxWorlds: Number(worlds) } : {};
  let agreeSame = 0;
  let agreeOther = 0;
  let marksOther = 0;
  const times: number[] = [];
  for (let g = 0; g < games; g++) {
    const options: GameOptions = { players, seed: `coach-bench-${g}` };
    if (chapter) { options.mode = 'scenario'; options.scenario = Number(chapter); }
    const tPlay = Date.now();
    const game = recordGame(options, Array.from({ length: players }, (_, i) => levels[i % levels.length]), `cb${g}`);
    // The baseline measured in the same run: the game itself, played by the same bots.
    const playMs = Date.now() - tPlay;
    const t0 = Date.now();
    const c0 = process.cpuUsage();
    const a = analyseGame(game, seat, { ...opts, seed: 'bench' });
    const ms = Date.now() - t0;
    // CPU time of this process: on a machine shared with other work, wall time is mostly the queue for a core.
    const cpu = process.cpuUsage(c0);
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    times.push(ms);
    const b = analyseGame(game, seat, { ...opts, seed: 'bench' });
    const same = JSON.stringify(a) === JSON.stringify(b);
    if (same) agreeSame++;
    const ka = new Set(key(a));
    const others: string[] = [];
    for (let k = 0; k < seeds; k++) {
      const c = analyseGame(game, seat, { ...opts, seed: `other-${k}` });
      const kc = key(c);
      const common = kc.filter((x) => ka.has(x)).length;
      agreeOther += common;
      marksOther += Math.max(ka.size, kc.length);
      others.push(`${common}/${Math.max(ka.size, kc.length)}`);
    }
    console.log(JSON.stringify({
      game: g, actions: game.actions.length, decisions: a.decisions, analysed: a.analysed, ms, cpuMs, playMs, ratioToPlay: Math.round(ms / Math.max(1, playMs) * 10) / 10, msPerDecision: Math.round(ms / Math.max(1, a.analysed)),
      marks: a.marks.map((m) => `#${m.index} −${m.loss}±${m.se}`), identicalAtSameSeed: same, agreementAtOtherSeeds: others, totalLoss: a.totalLoss,
    }));
    if (g === 0) for (const m of a.marks) console.log(`  ${m.text}`);
  }
  const sorted = [...times].sort((x, y) => x - y);
  console.log(JSON.stringify({
    games, players, medianMs: sorted[Math.floor(sorted.length / 2)], identicalAtSameSeed: `${agreeSame}/${games}`,
    marksAgreeingAcrossSeeds: `${agreeOther}/${marksOther}`,
  }));
}

if (require.main === module) main();
