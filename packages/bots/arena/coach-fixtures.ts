/**
 * Records the games the coach's fingerprint test analyses (test/coach-fingerprint.test.ts) into
 * test/fixtures/coach/: `npm run coach-fixtures -w @isle-of-trains/bots`.
 *
 * The games are kept as fixed logs, not replayed by the bots at each test run, so that a change to the bots'
 * own play does not move the fingerprint; only what the coach computes from a given log does. Record them
 * again only when the rules no longer replay them (then the coach's answers change too: raise COACH_VERSION).
 */
import './register';
import * as fs from 'fs';
import * as path from 'path';
import { deckDrawerGame, type BotLevel, type RecordedGame } from '@isle-of-trains/bots';
import { recordGame } from './coach-bench';

const DIR = path.resolve(__dirname, '../test/fixtures/coach');

const games: Record<string, () => RecordedGame> = {
  'solo-challenge': () => deckDrawerGame({ players: 1, seed: 'fingerprint-solo' }),
  'two-players': () => recordGame({ players: 2, seed: 'fingerprint-2p' }, ['greedy', 'random'] as BotLevel[], 'fp2'),
  'chapter-5': () => recordGame({ players: 1, seed: 'fingerprint-ch5', mode: 'scenario', scenario: 5 }, ['greedy'] as BotLevel[], 'fp5'),
};

fs.mkdirSync(DIR, { recursive: true });
for (const [name, make] of Object.entries(games)) {
  const g = make();
  fs.writeFileSync(path.join(DIR, `${name}.json`), JSON.stringify(g) + '\n');
  console.log(`${name}: ${g.actions.length} actions`);
}
