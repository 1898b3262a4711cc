/**
 * Ratings with the Weng-Lin model (openskill): free-for-all rankings of 2–4 players, ties shared, one
 * rating per player-count group. Only games between signed-in humans (accounts, no bots, no guests) of the
 * same count are rated; the room says so before it starts.
 */
import type * as OpenSkill from 'openskill';

/**
 * openskill, loaded the first time a rating is computed or shown: with ramda it is about 370 modules, most of
 * what the server would load at its start for a job that only rated games and the players' pages need (every
 * test file that starts a server paid to load and compile them).
 */
let lib: typeof OpenSkill | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const openskill = (): typeof OpenSkill => (lib ??= require('openskill') as typeof OpenSkill);

/**
 * Loads openskill now. A deployed server does so once it listens (src/main.ts), before it keeps its compiled
 * code for the next start: else the first rated game would load it inside its archive transaction, and a
 * server killed rather than stopped would compile it again at every start.
 */
export function loadRatings(): void {
  openskill();
}

// Which table counts in which group is protocol (clients say it before a game starts): one definition, the client package's.
export { ratingGroup, type RatingGroup } from '@isle-of-trains/client/protocol';

export interface Skill {
  mu: number;
  sigma: number;
}

/** A new player's skill: openskill's own starting values (`rating()`), which `test/players-db.test.ts` holds it to. */
export const NEW_SKILL: Skill = { mu: 25, sigma: 25 / 3 };

/** The number shown to people: a conservative estimate (mean − 3σ), scaled to read like a rating. */
export function displayRating(s: Skill): number {
  return Math.round(1000 + 40 * openskill().ordinal(s));
}

/**
 * New skills after one game. `places[i]` is seat i's place (1 = winner; equal places are a tie). A player who
 * left for good has already been given the last place by the caller.
 */
export function rateGame(skills: Skill[], places: number[]): Skill[] {
  if (skills.length !== places.length || skills.length < 2) throw new Error('a rated game needs 2–4 players with a place each');
  const { rate, rating } = openskill();
  const out = rate(skills.map((s) => [rating({ mu: s.mu, sigma: s.sigma })]), { rank: places });
  return out.map(([r]) => ({ mu: r.mu, sigma: r.sigma }));
}
