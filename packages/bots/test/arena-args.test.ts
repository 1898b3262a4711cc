/** The arena's command line: --help prints the usage, and a bad option is a message, never a stack trace. */
import { spawnSync } from 'child_process';
import path = require('path');
import { ArgsError, parseArgs, USAGE } from '../arena/args';

test('--help and -h ask for the usage text', () => {
  expect(parseArgs(['--help'])).toBe('help');
  expect(parseArgs(['--games', '3', '-h'])).toBe('help');
  expect(USAGE).toContain('--solo');
});

test('options are read, and the defaults stand otherwise', () => {
  expect(parseArgs(['--games', '5', '--players', '3', '--bots', 'strong,greedy,random', '--iterations', '4'])).toMatchObject({
    games: 5, players: 3, bots: ['strong', 'greedy', 'random'], iterations: 4, seed: 'arena', solo: false,
  });
  expect(parseArgs(['--solo', '--chapters', 'challenge,3'])).toMatchObject({ solo: true, chapters: ['challenge', 3] });
  expect(parseArgs(['--workers', '2', '--parallel', '3'])).toMatchObject({ workers: 2, parallel: 3 });
  expect(parseArgs([])).toMatchObject({ parallel: 1 });
  expect((parseArgs([]) as { workers?: number }).workers).toBeUndefined();
});

test.each([
  [['--frobnicate'], /unknown option --frobnicate/],
  [['--games'], /--games needs a value/],
  [['--games', 'ten'], /--games needs a whole number/],
  [['--players', '5', '--bots', 'greedy,greedy,greedy,greedy,greedy'], /--players needs a whole number from 1 to 4/],
  [['--bots', 'greedy,clever'], /unknown bot level "clever"/],
  [['--players', '3'], /--bots needs 3 entries/],
  [['--search', 'deep'], /--search is tree, common or plan/],
  [['--solo', '--chapters', '11'], /--chapters takes challenge and chapter numbers 1-10/],
  [['--solo', '--workers', '1'], /--workers is for multiplayer games/],
  [['--workers', '1', '--iterations', '4'], /--workers plays at the server's defaults/],
  [['--parallel', '2'], /--parallel needs --workers/],
])('%j is refused with a message that names the problem', (argv, message) => {
  expect(() => parseArgs(argv)).toThrow(ArgsError);
  expect(() => parseArgs(argv)).toThrow(message);
});

describe('the arena command', () => {
  const run = (args: string[]) => spawnSync(process.execPath, [require.resolve('ts-node/dist/bin.js'), '--transpile-only', 'arena/arena.ts', ...args], {
    cwd: path.resolve(__dirname, '..'), encoding: 'utf8', timeout: 60_000,
  });

  test('--help prints the usage and exits 0 (it used to crash with a stack trace)', () => {
    const r = run(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage: npm run arena');
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  }, 60_000);

  test('an unknown option prints what was wrong and the usage, exit code 2, no stack trace', () => {
    const r = run(['--frobnicate']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('arena: unknown option --frobnicate');
    expect(r.stderr).toContain('Usage: npm run arena');
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  }, 60_000);
});
