/**
 * A game's options checked against its schema: the one refusal both games give for options that cannot
 * make a game (BAD_OPTIONS), with every problem named by its path.
 */
import type { z } from 'zod';

/** Thrown by a game's createGame for options that cannot make a game. */
export class GameOptionsError extends Error {
  readonly code = 'BAD_OPTIONS';
  constructor(message: string) {
    super(message);
    this.name = 'GameOptionsError';
  }
}

/** The options as the schema reads them, or a GameOptionsError naming each problem. */
export function parseGameOptions<T>(schema: z.ZodType<T>, options: unknown): T {
  const parsed = schema.safeParse(options);
  if (!parsed.success) {
    throw new GameOptionsError(parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; '));
  }
  return parsed.data;
}
