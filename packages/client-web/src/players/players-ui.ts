/**
 * The players' side of the page, kept out of main.ts: the identity and the account panel's state, the
 * display name sent to the server, the seated players' ratings, and the table chat.
 */
import { TableChat } from './chat';
import { ApiError, Identity, ratingGroup, type RatingRow } from './identity';
import type { Net } from '../shell/net';
import type { IsleStateJSON } from '@isle-of-trains/client';
import type { KeyValueStore } from '../shell/session-store';
import { renderAccount, type AccountMode, type AccountView } from '../render/account';
import { chatPanel } from '../render/chat';

const RENAME_DELAY_MS = 800;
const RATINGS_TTL_MS = 60_000;

export class PlayersUi {
  readonly identity: Identity;
  readonly chat: TableChat;
  private form: Pick<AccountView, 'mode' | 'username' | 'password' | 'busy' | 'message'> = { mode: 'none', username: '', password: '', busy: false, message: null };
  private renameTimer: number | undefined;
  /** Ratings of players seen at a table, by player id, with when they were fetched. */
  private seen = new Map<string, { at: number; rows: RatingRow[] | null }>();

  /** The identity's name changed with an account (a claim takes the username, a sign-in the account's name): the lobby's name follows. */
  onAccountName?: (name: string, previous: string) => void;

  constructor(apiBase: string, kv: KeyValueStore | null, private readonly schedule: () => void) {
    this.identity = new Identity(apiBase, kv);
    this.chat = new TableChat(kv);
  }

  /** On load: the identity (a guest one on a first visit). Resolves with the name to prefill, if any. */
  async boot(name: string): Promise<string | null> {
    const p = await this.identity.ensurePatiently(name, this.schedule);
    this.schedule();
    return p?.name ?? null;
  }

  /** The lobby's name field changed: the server's display name follows, once typing pauses. */
  nameChanged(name: string): void {
    window.clearTimeout(this.renameTimer);
    const n = name.trim();
    if (!n || !this.identity.player || n === this.identity.player.name) return;
    this.renameTimer = window.setTimeout(() => {
      this.identity.rename(n).then(() => this.say(null), (e: unknown) => this.say(e)).finally(this.schedule);
    }, RENAME_DELAY_MS);
  }

  accountPanel(): HTMLElement {
    const id = this.identity;
    return renderAccount({ player: id.player, signedIn: id.signedIn, ratings: id.ratings, unavailable: id.unavailable, ...this.form }, {
      mode: (m: AccountMode) => {
        this.form = { ...this.form, mode: m, password: '', message: null };
        this.schedule();
      },
      input: (patch) => {
        Object.assign(this.form, patch);
        this.schedule();
      },
      submit: () => void this.busy(async () => {
        const { mode, username, password } = this.form;
        const before = id.player?.name ?? '';
        if (mode === 'claim') await id.claim(username.trim(), password);
        else await id.signIn(username.trim(), password);
        if (id.player && id.player.name !== before) this.onAccountName?.(id.player.name, before);
        this.form = { ...this.form, mode: 'none', password: '', username: '' };
        this.say(mode === 'claim' ? 'Your account is ready: sign in with it from any browser.' : 'Signed in.');
      }),
      signOut: () => void this.busy(async () => {
        await id.signOut();
        this.say('Signed out: you play as a new guest on this browser.');
      }),
      signOutEverywhere: () => void this.busy(async () => {
        const n = await id.signOutEverywhere();
        this.say(`Signed out everywhere (${n} session${n === 1 ? '' : 's'} ended).`);
      }),
    });
  }

  /**
   * The rating to show beside a seated player: for the table's group (each game rates its own tables, by how
   * many seats), once fetched (null until then, or unrated).
   */
  seatRating(room: Pick<IsleStateJSON, 'seats' | 'seatsTotal'>, seat: number, game: string = 'isle'): string | null {
    const pid = room.seats[seat]?.playerId;
    const group = ratingGroup(room.seatsTotal, game === 'ttr' ? 'ttr' : 'isle');
    if (!pid || !group) return null;
    const hit = this.seen.get(pid);
    if (!hit || Date.now() - hit.at > RATINGS_TTL_MS) this.fetchRatings(pid);
    const row = hit?.rows?.find((r) => r.group === group);
    return row ? String(Math.round(row.rating)) : null;
  }

  /** After a game ends, ratings have moved: fetch them again (ours too). */
  refreshRatings(): void {
    this.seen.clear();
    if (this.identity.player) void this.identity.refresh().catch(() => undefined).finally(this.schedule);
    this.schedule();
  }

  /** The chat panel for this room (players and spectators alike). */
  /**
   * What `chatPanel` would show, as a string: the same key, the same panel. (The seats' player ids name who wrote
   * each line, for its mute.)
   */
  chatKey(net: Net, room: IsleStateJSON | null, mySeat: number | null): string {
    this.chat.room(net.roomId);
    return `${net.roomId}|${mySeat}|${this.chat.version}|${(room?.seats ?? []).map((s) => s?.playerId ?? '').join(',')}`;
  }

  chatPanel(net: Net, room: IsleStateJSON | null, mySeat: number | null): HTMLElement {
    this.chat.room(net.roomId);
    return chatPanel(this.chat, room, mySeat, {
      draft: (t) => {
        this.chat.draft = t;
        this.schedule();
      },
      send: () => {
        const text = this.chat.take();
        if (text) net.sendChat(text);
        this.schedule();
      },
      mute: (k) => {
        this.chat.toggleMute(k);
        this.schedule();
      },
    });
  }

  private fetchRatings(pid: string): void {
    this.seen.set(pid, { at: Date.now(), rows: this.seen.get(pid)?.rows ?? null });
    this.identity.playerPage(pid).then((p) => {
      this.seen.set(pid, { at: Date.now(), rows: p.ratings });
      this.schedule();
    }, () => undefined);
  }

  private async busy(fn: () => Promise<void>): Promise<void> {
    this.form.busy = true;
    this.form.message = null;
    this.schedule();
    try {
      await fn();
    } catch (e) {
      this.say(e);
    } finally {
      this.form.busy = false;
      this.schedule();
    }
  }

  private say(m: unknown): void {
    if (m === null) this.form.message = null;
    else if (typeof m === 'string') this.form.message = { text: m, error: false };
    else this.form.message = { text: m instanceof ApiError ? m.message : 'Something went wrong; try again.', error: true };
  }
}
