/** Ended games' replays, in memory, the oldest dropped past a limit (a later issue persists them). */
import type { Action, GameOptions, ScoreBreakdown } from '@isle-of-trains/rules';

export interface Replay {
  roomId: string;
  /** Exactly what createGame was given, seed included. */
  options: GameOptions;
  seedHash: string;
  actions: { seat: number; action: Action }[];
  finalScores: ScoreBreakdown;
  startedAt: string;
  endedAt: string;
}

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
