/** The arena's command line: options, their checks and the usage text (no side effects, so tests can import it). */
import type { BotLevel } from '@isle-of-trains/bots';

export interface Args {
  games: number;
  players: number;
  bots: BotLevel[];
  budget: number;
  iterations?: number;
  search?: 'tree' | 'common' | 'plan';
  seed: string;
  solo: boolean;
  chapters: (number | 'challenge')[];
  quiet: boolean;
  /**
   * Play through the server's bot worker pool (packages/server/src/bots/bot-pool.ts) with this many
   * threads: every bot decision runs in a worker at the server's defaults (the bots' default budget, the
   * pool's time limit and greedy fallback, the threads' nice value), timed from the call to the answer.
   */
  workers?: number;
  /** With --workers: games played at once (default 1). */
  parallel: number;
}

/** A command line the arena cannot run: the message says which option and why. */
export class ArgsError extends Error {}

export const USAGE = `Usage: npm run arena -- [options]

  --games N          games per match-up (solo: per chapter), default 20
  --players P        seats in a multiplayer game, 2-4, default 2
  --bots LIST        one level per seat, comma-separated: random, greedy, strong (default greedy,random);
                     with --solo, the levels to measure
  --budget MS        strong bot time per decision, default 200
  --iterations N     strong bot search iterations per decision instead of a time budget
  --search tree|common|plan   the strong bot's search (default: plan in solo, tree with 2 players,
                     common with 3-4)
  --seed S           base seed, default arena
  --solo             play the solo Challenge and scenario chapters instead
  --chapters LIST    with --solo: challenge and/or chapter numbers 1-10, default challenge,1,...,10
  --quiet            print only the summary
  --workers N        multiplayer only: every bot decision runs in the server's worker pool (N threads) at
                     the server's default settings (the bots' default budget; --budget, --iterations
                     and --search do not apply), timed from the call to the answer as a room sees it
  --parallel K       with --workers: games played at once, default 1
  --help, -h         this text

Examples:
  npm run arena -- --games 100 --players 2 --bots greedy,random
  npm run arena -- --games 40 --players 2 --bots strong,greedy --budget 50
  npm run arena -- --solo --games 20 --bots greedy,strong
  npm run arena -- --games 200 --players 2 --bots strong,greedy --workers 1 --quiet
`;

const LEVELS: readonly string[] = ['random', 'greedy', 'strong'];

function positiveInt(option: string, raw: string, max = Infinity): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ArgsError(`${option} needs a whole number from 1${max < Infinity ? ` to ${max}` : ''}, got "${raw}"`);
  return n;
}

/** The options, or 'help' when asked for the usage text. Throws ArgsError on anything it cannot run. */
export function parseArgs(argv: readonly string[]): Args | 'help' {
  const a: Args = { games: 20, players: 2, bots: ['greedy', 'random'], budget: 200, seed: 'arena', solo: false, chapters: ['challenge', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], quiet: false, parallel: 1 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined || x.startsWith('--')) throw new ArgsError(`${k} needs a value`);
      return x;
    };
    switch (k) {
      case '--help': case '-h': return 'help';
      case '--games': a.games = positiveInt(k, v()); break;
      case '--players': a.players = positiveInt(k, v(), 4); break;
      case '--bots': a.bots = v().split(',').map((s) => s.trim()) as BotLevel[]; break;
      case '--budget': a.budget = positiveInt(k, v()); break;
      case '--iterations': a.iterations = positiveInt(k, v()); break;
      case '--search': {
        const s = v();
        if (s !== 'tree' && s !== 'common' && s !== 'plan') throw new ArgsError(`--search is tree, common or plan, got "${s}"`);
        a.search = s;
        break;
      }
      case '--seed': a.seed = v(); break;
      case '--solo': a.solo = true; break;
      case '--chapters': a.chapters = v().split(',').map((s) => {
        const c = s.trim();
        if (c === 'challenge') return 'challenge';
        const n = Number(c);
        if (!Number.isInteger(n) || n < 1 || n > 10) throw new ArgsError(`--chapters takes challenge and chapter numbers 1-10, got "${c}"`);
        return n;
      }); break;
      case '--quiet': a.quiet = true; break;
      case '--workers': a.workers = positiveInt(k, v(), 64); break;
      case '--parallel': a.parallel = positiveInt(k, v(), 64); break;
      default: throw new ArgsError(`unknown option ${k}`);
    }
  }
  for (const b of a.bots) if (!LEVELS.includes(b)) throw new ArgsError(`unknown bot level "${b}" (random, greedy or strong)`);
  if (!a.solo && a.players < 2) throw new ArgsError('--players is 2 to 4 (use --solo for the solo modes)');
  if (!a.solo && a.bots.length !== a.players) throw new ArgsError(`--bots needs ${a.players} entries (one per seat), got ${a.bots.length}`);
  if (a.workers !== undefined && a.solo) throw new ArgsError('--workers is for multiplayer games (the server runs solo bots the same way, but the solo arena measures chapters)');
  if (a.workers !== undefined && (a.iterations !== undefined || a.search !== undefined)) throw new ArgsError('--workers plays at the server\'s defaults: --iterations and --search do not apply');
  if (a.workers === undefined && a.parallel !== 1) throw new ArgsError('--parallel needs --workers');
  return a;
}
