/**
 * The seeded generator lives in the game state. It is the Isle of Trains package's ChaCha20 generator,
 * reused rather than copied; the seed is prefixed so that one seed string never gives both games the same
 * stream.
 */
import { randomInt, seedRng, shuffleInPlace, type RngState } from '@isle-of-trains/rules';

export { randomInt, shuffleInPlace };
export type { RngState };

export function seedGameRng(seed: string): RngState {
  return seedRng(`ttr:${seed}`);
}
