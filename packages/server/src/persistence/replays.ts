/** Ended games' replays, in memory, the oldest dropped past a limit (a cache: closed logs and the players' archive hold them durably). */
import type { ReplayJSON } from '@isle-of-trains/client/protocol';

/** A replay as the server keeps it: the protocol's, without the chat (the players' database holds that; the endpoint adds it). */
export type Replay = Omit<ReplayJSON, 'chat'>;

export class ReplayStore {
  private readonly byId = new Map<string, Replay>();
  constructor(private readonly limit: number) {}

  add(replay: Replay): void {
    this.byId.delete(replay.roomId);
    this.byId.set(replay.roomId, replay);
    while (this.byId.size > this.limit) {
      const oldest = this.byId.keys().next().value as string;
      this.byId.delete(oldest);
    }
  }

  get(roomId: string): Replay | undefined {
    return this.byId.get(roomId);
  }

  get size(): number {
    return this.byId.size;
  }
}
