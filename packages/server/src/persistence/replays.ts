/** Ended games' replays, in memory, the oldest dropped past a limit (a cache: closed logs and the players' archive hold them durably). */
import type { ReplayJSON } from '@isle-of-trains/client/protocol';
import { PUBLIC_GAME, type GameAccess } from '../players/private-games';

/** A replay as the server keeps it: the protocol's, without the chat (the players' database holds that; the endpoint adds it). */
export type Replay = ReplayJSON extends infer R ? R extends ReplayJSON ? Omit<R, 'chat'> : never : never;

export class ReplayStore {
  private readonly byId = new Map<string, { replay: Replay; access: GameAccess }>();
  constructor(private readonly limit: number) {}

  /** `access`: who may read it (src/players/private-games.ts); public by default. */
  add(replay: Replay, access: GameAccess = PUBLIC_GAME): void {
    this.byId.delete(replay.roomId);
    this.byId.set(replay.roomId, { replay, access });
    while (this.byId.size > this.limit) {
      const oldest = this.byId.keys().next().value as string;
      this.byId.delete(oldest);
    }
  }

  get(roomId: string): Replay | undefined {
    return this.byId.get(roomId)?.replay;
  }

  access(roomId: string): GameAccess | undefined {
    return this.byId.get(roomId)?.access;
  }

  get size(): number {
    return this.byId.size;
  }
}
