/**
 * Records handed to a room's onCreate from inside this process (a restored game, a rematch's seats): the
 * record stays here and the create options carry only a one-time random key, so no client can make a room
 * take data of its choosing by putting it in its own create options.
 */
import { randomBytes } from 'crypto';

export interface CreateStash<T> {
  /** Create options that hand `record` to the room (valid once, in this process). */
  options(record: T): Record<string, string>;
  /** For onCreate: the record the options point to, if any (consumed). */
  take(options: unknown): T | undefined;
  /** The options without the stash key (for a strict schema). */
  without(options: unknown): unknown;
}

export function createStash<T>(optionKey: string): CreateStash<T> {
  const stash = new Map<string, T>();
  return {
    options(record) {
      const key = randomBytes(24).toString('base64url');
      stash.set(key, record);
      return { [optionKey]: key };
    },
    take(options) {
      if (!options || typeof options !== 'object') return undefined;
      const key = (options as Record<string, unknown>)[optionKey];
      if (typeof key !== 'string') return undefined;
      const record = stash.get(key);
      stash.delete(key);
      return record;
    },
    without(options) {
      if (!options || typeof options !== 'object' || !(optionKey in options)) return options;
      const { [optionKey]: _k, ...rest } = options as Record<string, unknown>;
      return rest;
    },
  };
}
