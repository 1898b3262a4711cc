/**
 * Who this browser plays as (docs/PROTOCOL.md, "Players"): a guest identity made on the first visit (player id +
 * secret), or, once the player claims an account or signs in, a session token. Kept in localStorage and sent as
 * the Authorization header of the players' routes and as the `identity` join option, so games land in the
 * player's history and rated games move their rating.
 */
import {
  PlayersApi, PlayersApiError as ApiError, type GamesResponse, type LeaderboardResponse, type PlayerInfo, type PlayerPage, type PlayersFetch,
  type RatingGroup, type RatingRow,
} from '@isle-of-trains/client';
import type { KeyValueStore } from '../shell/session-store';

// The players' API is the client package's (one definition for the server and every client); the page's
// modules keep importing it from here.
export type { GameSeat, GameSummary, PlayerInfo, PlayerPage, RatingGroup, RatingRow } from '@isle-of-trains/client';
export { ratingGroup } from '@isle-of-trains/client';
/** A refusal of the players' routes: its code, the server's words and the HTTP status. */
export { ApiError };

/** What the browser keeps: a guest's secret, or (after claim or sign-in) a session token. Never both in use. */
interface Kept extends PlayerInfo { secret?: string; token?: string }

const KEY = 'iot.identity';
/** Waits between asks while the players' database opens: soon at first, then every 5 s (the server's retryAfter), about a minute in all. */
const BOOT_WAITS = [1000, 2000, 3000, 4000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000];

export class Identity {
  private kept: Kept | null;
  /** The player's ratings, from the last GET /api/me. */
  ratings: RatingRow[] = [];
  /** null: players' routes work; else why this browser plays without an identity (database off or unreachable). */
  unavailable: string | null = null;
  /**
   * The last failure was the players' database still opening or briefly down (503 PLAYERS_UNAVAILABLE, which
   * asks to try again shortly), not a server without one: worth asking again.
   */
  retryable = false;

  private readonly api: PlayersApi;

  constructor(readonly apiBase: string, private readonly kv: KeyValueStore | null, http: typeof fetch = (...a) => fetch(...a)) {
    this.kept = this.read();
    this.api = new PlayersApi(apiBase, { auth: () => this.auth, fetch: http as PlayersFetch });
  }

  get player(): PlayerInfo | null {
    return this.kept ? { id: this.kept.id, name: this.kept.name, username: this.kept.username } : null;
  }

  get signedIn(): boolean {
    return !!this.kept?.token;
  }

  /** The Authorization header value (and the `identity` join option), or null before there is one. */
  get auth(): string | null {
    const k = this.kept;
    if (!k) return null;
    if (k.token) return `Bearer ${k.token}`;
    return k.secret ? `Guest ${k.id}:${k.secret}` : null;
  }

  /**
   * On load: check the kept identity (or make a guest one on a first visit). A refused one is forgotten and a
   * new guest made; a server without the players' database leaves the page playing without identity.
   */
  async ensure(name?: string): Promise<PlayerInfo | null> {
    try {
      if (this.kept) {
        try {
          await this.refresh();
          return this.player;
        } catch (e) {
          if (!(e instanceof ApiError) || e.status !== 401) throw e;
          this.forget();
        }
      }
      const r = await this.api.newGuest(name && name.trim() ? name.trim() : undefined)
        .catch((e: unknown) => {
          // A name the server does not accept must not cost the player their identity.
          if (e instanceof ApiError && e.code === 'BAD_NAME') return this.api.newGuest();
          throw e;
        });
      this.keep({ ...r.player, secret: r.secret });
      this.ratings = [];
      this.unavailable = null;
      this.retryable = false;
      return this.player;
    } catch (e) {
      this.unavailable = e instanceof ApiError && e.status !== 404 ? e.message : 'Player accounts are not available on this server; games still work.';
      this.retryable = e instanceof ApiError && e.code === 'PLAYERS_UNAVAILABLE';
      return null;
    }
  }

  /**
   * `ensure`, asked again while the server says its players' database is not ready yet (a server just started
   * opens it in the background): after each of `waits` (ms), calling `changed` so the page shows the wait.
   */
  async ensurePatiently(name: string | undefined, changed: () => void, waits: readonly number[] = BOOT_WAITS, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))): Promise<PlayerInfo | null> {
    let p = await this.ensure(name);
    for (let i = 0; !p && this.retryable && i < waits.length; i++) {
      changed();
      await sleep(waits[i]);
      p = await this.ensure(name);
    }
    return p;
  }

  /** GET /api/me: the name and ratings as the server has them. */
  async refresh(): Promise<void> {
    const r = await this.api.me();
    this.keep({ ...this.kept!, ...r.player });
    this.ratings = r.ratings;
    this.unavailable = null;
  }

  async rename(name: string): Promise<void> {
    const r = await this.api.rename(name);
    this.keep({ ...this.kept!, ...r.player });
  }

  /** Guest → account: from now on this browser acts through the session token (the guest secret stops working). */
  async claim(username: string, password: string): Promise<void> {
    const r = await this.api.claim(username, password);
    this.keep({ ...r.player, token: r.token });
  }

  /** Another browser: the account replaces whatever identity this one had. */
  async signIn(username: string, password: string): Promise<void> {
    const r = await this.api.signIn(username, password);
    this.keep({ ...r.player, token: r.token });
    await this.refresh().catch(() => undefined);
  }

  /** Sign this browser out (its session is revoked), then play on as a new guest. */
  async signOut(): Promise<void> {
    await this.api.signOut().catch((e: unknown) => {
      // A session already gone is signed out all the same.
      if (!(e instanceof ApiError && e.status === 401)) throw e;
    });
    this.forget();
    await this.ensure();
  }

  /** Revoke every session of the account, this one included; `n` sessions were revoked. */
  async signOutEverywhere(): Promise<number> {
    const r = await this.api.signOutEverywhere();
    this.forget();
    await this.ensure();
    return r.revoked;
  }

  playerPage(id: string): Promise<PlayerPage> {
    return this.api.player(id);
  }

  recentGames(): Promise<GamesResponse> {
    return this.api.games(50);
  }

  leaderboard(group: RatingGroup): Promise<LeaderboardResponse> {
    return this.api.leaderboard(group);
  }

  private keep(k: Kept): void {
    // Whichever credential is current is the only one kept: a session replaces the guest secret.
    const clean: Kept = { id: k.id, name: k.name, username: k.username ?? null, ...(k.token ? { token: k.token } : { secret: k.secret }) };
    this.kept = clean;
    try {
      this.kv?.setItem(KEY, JSON.stringify(clean));
    } catch {
      /* storage disabled: the identity lasts as long as the page */
    }
  }

  private forget(): void {
    this.kept = null;
    this.ratings = [];
    try {
      this.kv?.removeItem(KEY);
    } catch {
      /* storage disabled */
    }
  }

  private read(): Kept | null {
    try {
      const raw = this.kv?.getItem(KEY);
      if (!raw) return null;
      const k = JSON.parse(raw) as Kept;
      if (typeof k.id !== 'string' || typeof k.name !== 'string' || (typeof k.secret !== 'string' && typeof k.token !== 'string')) return null;
      return k;
    } catch {
      return null;
    }
  }
}
