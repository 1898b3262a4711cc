/**
 * Ceilings for the whole server process, over every address: the per-address quotas (address-quotas.ts)
 * bound what one address does, but many addresses together could still hold thousands of open lobbies
 * (each a room with its state, patch loop and journal) or seat reservations.
 *
 * - MAX_OPEN_LOBBIES: rooms not started yet (the lobby phase). At the ceiling a create is refused with
 *   HTTP 503 `SERVER_BUSY: …`; joining an existing lobby still works.
 * - MAX_PENDING_JOINS: seat reservations (create/join over HTTP) whose WebSocket has not connected yet. At the
 *   ceiling create and join are refused the same way; a reservation connects or expires within 15 s.
 * - LOBBY_IDLE_SECONDS: a lobby nobody has joined for that long is closed (LobbyTimer below), so the
 *   lobbies held open only to take room count down in time by themselves.
 */

export interface CeilingSettings {
  MAX_OPEN_LOBBIES: number;
  MAX_PENDING_JOINS: number;
}

/** The HTTP status of a SERVER_BUSY refusal: the server as a whole, not the client, is at its limit. */
export const SERVER_BUSY_STATUS = 503;

export class LobbyCeiling {
  private readonly lobbies = new Set<string>();

  constructor(
    private readonly s: CeilingSettings,
    /** Seat reservations not yet connected, over every address. */
    private readonly pendingJoins: () => number,
  ) {}

  /** A room entered the lobby phase (created, or restored before its start). */
  opened(roomId: string): void {
    this.lobbies.add(roomId);
  }

  /** A lobby started its game or closed. */
  closed(roomId: string): void {
    this.lobbies.delete(roomId);
  }

  get openLobbies(): number {
    return this.lobbies.size;
  }

  /** A `SERVER_BUSY: …` text when matchmaking `method` may not go on now, else null. */
  refusal(method: string): string | null {
    if (method === 'reconnect') return null;
    if ((method === 'create' || method === 'joinOrCreate') && this.lobbies.size >= this.s.MAX_OPEN_LOBBIES) {
      return `SERVER_BUSY: this server already has ${this.s.MAX_OPEN_LOBBIES} games waiting to start; join one, or try again in a few minutes`;
    }
    if (this.pendingJoins() >= this.s.MAX_PENDING_JOINS) {
      return 'SERVER_BUSY: too many players are joining this server at once; try again in a few seconds';
    }
    return null;
  }
}

/**
 * Closes a lobby nobody joins: `expire` runs `seconds` after the last `touch()` (a join), unless `stop()`
 * (the game started, or the room closed) came first.
 */
export class LobbyTimer {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly seconds: number, private readonly expire: () => void) {}

  touch(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.timer = null; this.expire(); }, this.seconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
