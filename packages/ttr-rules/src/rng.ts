/**
 * The game's seeded generator: the shared ChaCha20 generator of @isle-of-trains/engine-core, with the seed
 * prefixed so that one seed string never gives this game and Isle of Trains the same stream.
 */
import { seedRng, type RngState } from '@isle-of-trains/engine-core';

export function seedGameRng(seed: string): RngState {
  return seedRng(`ttr:${seed}`);
}
