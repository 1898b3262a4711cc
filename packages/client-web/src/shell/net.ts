/**
 * The page's way to a room: matchmaking (create, join by id or code, take the seat back after a reload, the
 * rematch) on the @isle-of-trains/client session, with the seat token kept in localStorage so a reload takes
 * the same seat back, and the session's events forwarded to the page in words. The session itself is the one
 * record of the room's state, the seat's view and the moves on their way (`net.session`).
 */
import {
  CLOSE_CODES, IsleClient, IsleError, type ChatLine, type CreateOptionsInput, type IsleStateJSON, type RoomListing, type Session,
  type TtrCreateOptionsInput,
} from '@isle-of-trains/client';
import type { SessionStore } from './session-store';
import { gameOf } from './tables';

export type Status = 'offline' | 'connecting' | 'connected' | 'reconnecting' | 'lost';

export interface CreateOptions {
  /** The game: 'isle' (the default) or 'ttr' (the second game: 2–5 seats, no solo modes). */
  game?: 'isle' | 'ttr';
  name: string;
  /** 1 for solo. */
  seats: number;
  bots: number;
  botLevel: string;
  private: boolean;
  turnTimeLimit: number;
  mode: 'multiplayer' | 'challenge' | 'scenario';
  scenario: number;
}

/** GET /api/rooms entries. */
export type ListedGame = RoomListing;

/** The server's create options from the form: mode/scenario only for solo games. */
export function createOptions(o: CreateOptions): CreateOptionsInput {
  const out: CreateOptionsInput = {
    name: o.name, seats: o.seats, bots: o.bots, botLevel: o.botLevel as CreateOptionsInput['botLevel'], private: o.private, turnTimeLimit: o.turnTimeLimit,
  };
  if (o.seats === 1) {
    out.mode = o.mode === 'scenario' ? 'scenario' : 'challenge';
    if (o.mode === 'scenario') out.scenario = o.scenario;
    out.bots = 0;
  }
  return out;
}

/** The second game's create options from the form (the same bot levels as Isle's; anything else is greedy). */
export function ttrCreateOptions(o: CreateOptions): TtrCreateOptionsInput {
  const botLevel = o.botLevel === 'random' || o.botLevel === 'strong' ? o.botLevel : 'greedy';
  return {
    name: o.name, seats: o.seats, bots: o.bots, botLevel, private: o.private, turnTimeLimit: o.turnTimeLimit,
  };
}

/** Games waiting for players, from the listing. */
export function openGames(list: ListedGame[]): ListedGame[] {
  return list.filter((g) => g.metadata && g.metadata.phase === 'lobby' && g.metadata.freeSeats > 0 && g.metadata.seats > 1);
}

/** Listed games in play, which anyone may watch (private tables are not listed). */
export function gamesInPlay(list: ListedGame[]): ListedGame[] {
  return list.filter((g) => g.metadata && g.metadata.phase === 'playing' && g.metadata.seats > 1);
}

export interface NetEvents {
  /** A new state (or the seat became known): read it from the session. */
  state(s: IsleStateJSON): void;
  status(s: Status, detail: string): void;
  /** The server refused something (an intent, a start): its message, plainly. */
  refused(code: string, message: string): void;
  restarting(seconds: number): void;
  /** A table chat line (docs/PROTOCOL.md `chat`): plain text, to be shown as text. */
  chat?(line: ChatLine): void;
  /** The server refused one of our chat lines (too long, empty, too many). */
  chatRefused?(code: string, message: string): void;
  /** The ended game's rematch room (docs/PROTOCOL.md "Rematch"): someone asked for it, or we did. */
  rematch?(roomId: string): void;
}

export type { ChatLine };

export class Net {
  readonly client: IsleClient;
  session: Session | null = null;
  /** The player's identity (Authorization value) sent with creates and joins, or null to play without one. */
  identity: () => string | null = () => null;

  /** `endpoint`: the game server (SDK); `apiBase`: where /api is reached (the same server, or a dev proxy). */
  constructor(readonly endpoint: string, readonly store: SessionStore, private readonly on: NetEvents, readonly apiBase = endpoint) {
    const seats = { load: (id: string) => store.seat(id), save: store.saveSeat.bind(store), forget: store.forget.bind(store) };
    this.client = new IsleClient(endpoint, { seats, apiBase });
  }

  /** The room this page is in, if any. */
  get room(): Session['sdkRoom'] | null {
    return this.session?.sdkRoom ?? null;
  }

  get roomId(): string | null {
    return this.session?.roomId ?? null;
  }

  /** The seat this page plays: null for a spectator, or with no room. */
  get seat(): number | null {
    const s = this.session?.seat;
    return typeof s === 'number' && s >= 0 ? s : null;
  }

  /** The game the room plays (its room type names it), for the page to load that game's table. */
  get game(): string {
    return gameOf({ name: (this.session?.sdkRoom as { name?: string } | undefined)?.name });
  }

  async create(o: CreateOptions): Promise<void> {
    this.on.status('connecting', 'Creating the game…');
    this.as(o.name);
    // A session of the second game is the same session with that game's state and rules inside: the shell
    // reads only the table's fields of the state, and the game's table module reads the rest.
    this.attach(o.game === 'ttr' ? await this.client.create(ttrCreateOptions(o), { game: 'ttr' }) as unknown as Session : await this.client.create(createOptions(o)));
  }

  async joinById(roomId: string, name: string, code?: string): Promise<void> {
    this.on.status('connecting', 'Joining…');
    this.as(name);
    this.attach(await this.client.join(roomId, code ? { code } : {}));
  }

  /** Watch a game without taking a seat. */
  async watch(roomId: string, name: string): Promise<void> {
    this.on.status('connecting', 'Joining as a spectator…');
    this.as(name);
    this.attach(await this.client.spectate(roomId));
  }

  /** Join a game from its short code: the server resolves it to a room. */
  async joinByCode(code: string, name: string): Promise<void> {
    this.on.status('connecting', 'Joining…');
    this.as(name);
    this.attach(await this.client.joinByCode(code));
  }

  /** After a reload: take the remembered seat back, if this browser has one for that room. */
  async resume(roomId: string, name: string): Promise<boolean> {
    if (!this.store.seat(roomId)) return false;
    this.on.status('connecting', 'Taking your seat back…');
    this.as(name);
    // A missing room may come back after a restart: only a refused token forgets the seat (the session does).
    const s = await this.client.resume(roomId).catch(() => null);
    if (s) this.attach(s);
    return s !== null;
  }

  /** The name and identity the next create or join carries. */
  private as(name: string): void {
    this.client.name = name;
    this.client.identity = this.identity() ?? undefined;
  }

  /** A table chat line. */
  sendChat(text: string): void {
    this.session?.chat(text).catch((e: IsleError) => {
      if (e.code !== 'CONNECTION_LOST') (this.on.chatRefused ?? this.on.refused)(e.code, e.message);
    });
  }

  start(): void {
    this.session?.start().catch((e: IsleError) => this.on.refused(e.code, e.message));
  }

  /** After the end: ask for a rematch at the same table (the answer is a `rematch` message). */
  askRematch(): void {
    this.session?.rematch().catch((e: IsleError) => { if (e.code !== 'CONNECTION_LOST') this.on.refused(e.code, e.message); });
  }

  /** Move to the rematch room: players with this game's seat token (the new room hands out a new one), others as spectators. */
  async joinRematch(roomId: string, name: string): Promise<void> {
    const s = this.session;
    this.session = null;
    this.on.status('connecting', 'Joining the rematch…');
    this.as(name);
    if (s) this.attach(await s.joinRematch(roomId));
  }

  /** Leave the room. `keepSeat`: remember the seat token, so opening the game's link again takes the seat back from the bot. */
  async leave(keepSeat = false): Promise<void> {
    const s = this.session;
    this.session = null;
    if (s) await s.leave(keepSeat);
    this.on.status('offline', '');
  }

  private attach(session: Session): void {
    this.session = session;
    const mine = () => this.session === session;
    session.onView((_view, state) => { if (mine()) this.on.state(state); });
    session.onError((e) => { if (mine()) this.on.refused(e.code, e.message); });
    session.onChat((line) => { if (mine()) this.on.chat?.(line); });
    session.onRematch((roomId) => { if (mine()) this.on.rematch?.(roomId); });
    session.onRestarting((seconds) => { if (mine()) this.on.restarting(seconds); });
    session.onStatus((st, closed) => {
      if (!mine()) return;
      if (st === 'reconnecting') this.on.status('reconnecting', 'Connection lost: reconnecting…');
      else if (st === 'connected') this.on.status('connected', 'Reconnected.');
      else {
        const code = closed?.code ?? 0;
        this.on.status('lost', code === CLOSE_CODES.CONSENTED ? 'You left the game.'
          : code === CLOSE_CODES.SEAT_TAKEN ? 'Your seat was taken over by another tab or device.'
            : 'Disconnected from the game. Reload the page to rejoin.');
      }
    });
    this.on.status('connected', '');
  }
}

/** Games waiting for players and games in play at `endpoint` (its /api/rooms). */
export async function listGames(endpoint: string): Promise<{ open: ListedGame[]; playing: ListedGame[] }> {
  const list = await new IsleClient(endpoint).listRooms();
  return { open: openGames(list), playing: gamesInPlay(list) };
}

/** Words for an SDK/matchmaking failure. */
export function failureText(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const m = e instanceof IsleError && e.code !== 'MATCHMAKE' ? `${e.code}: ${text}` : text;
  if (/locked|full/i.test(m)) return 'That game is full or has already started.';
  if (/BAD_CODE/.test(m)) return 'That code does not match the game.';
  if (/BAD_IDENTITY/.test(m)) return 'The server did not accept your identity (signed out elsewhere?). Reload the page to play as a guest, or sign in again.';
  if (/BAD_OPTIONS/.test(m)) return `The server refused those settings: ${m.replace(/^.*BAD_OPTIONS:\s*/, '')}`;
  if (/not found|no rooms|invalid room/i.test(m)) return 'That game no longer exists.';
  if (/fetch|network|ECONNREFUSED|Failed/i.test(m)) return `Cannot reach the server (${m}).`;
  return m;
}
