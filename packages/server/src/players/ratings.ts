/**
 * Ratings with the Weng-Lin model (openskill): free-for-all rankings of 2–4 players, ties shared, one
 * rating per player-count group. Only games between signed-in humans (accounts, no bots, no guests) of the
 * same count are rated; the room says so before it starts.
 */
import { ordinal, rate, rating } from 'openskill';

// Which table counts in which group is protocol (clients say it before a game starts): one definition, the client package's.
export { ratingGroup, type RatingGroup } from '@isle-of-trains/client/protocol';

export interface Skill {
  mu: number;
  sigma: number;
}

export const NEW_SKILL: Skill = (() => {
  const r = rating();
  return { mu: r.mu, sigma: r.sigma };
})();

/** The number shown to people: a conservative estimate (mean − 3σ), scaled to read like a rating. */
export function displayRating(s: Skill): number {
  return Math.round(1000 + 40 * ordinal(s));
}

/**
 * New skills after one game. `places[i]` is seat i's place (1 = winner; equal places are a tie). A player who
 * left for good has already been given the last place by the caller.
 */
export function rateGame(skills: Skill[], places: number[]): Skill[] {
  if (skills.length !== places.length || skills.length < 2) throw new Error('a rated game needs 2–4 players with a place each');
  const out = rate(skills.map((s) => [rating({ mu: s.mu, sigma: s.sigma })]), { rank: places });
  return out.map(([r]) => ({ mu: r.mu, sigma: r.sigma }));
}
