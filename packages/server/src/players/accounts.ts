/**
 * Identities: a guest at first visit (an id and a secret the browser keeps), a display name, and an optional
 * account (username + password) so the same player can sign in from another browser. Sessions are bearer
 * tokens, revocable one by one or all at once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { checkName, type PlayerInfo } from '@isle-of-trains/client/protocol';
import { dummyPasswordHash, hashPassword, newToken, passwordCost, PASSWORD_COST_DEFAULT, sameSecret, sha256Hex, verifyPassword } from './secrets';

export const SESSION_DAYS = 30;

/** A refusal with a code clients can act on (documented in PROTOCOL.md, "Players"). */
export class PlayerError extends Error {
  /** `retryAfter`: seconds until trying again can succeed (sent as Retry-After and in the body). */
  constructor(readonly code: string, message: string, readonly status = 400, readonly retryAfter?: number) {
    super(message);
  }
}

/** A player as the routes return it (the protocol's `PlayerInfo`). */
export type PlayerRecord = PlayerInfo;

const USERNAME = /^[a-z0-9_-]{3,20}$/;

/** A display name under the one name rule that seats' names follow too (the client package's `checkName`). */
export function checkDisplayName(name: unknown): string {
  const checked = checkName(name);
  if (!checked.ok) throw new PlayerError('BAD_NAME', `${checked.problem[0].toUpperCase()}${checked.problem.slice(1)}.`);
  return checked.name;
}

function checkUsername(u: unknown): string {
  const s = typeof u === 'string' ? u.trim().toLowerCase() : '';
  if (!USERNAME.test(s)) throw new PlayerError('BAD_USERNAME', 'A username is 3–20 lower-case letters, digits, _ or -.');
  return s;
}

function checkPassword(p: unknown): string {
  if (typeof p !== 'string' || p.length < 10 || p.length > 200) throw new PlayerError('BAD_PASSWORD', 'A password is 10 to 200 characters long.');
  return p;
}

const toRecord = (r: { id: string; display_name: string; username: string | null }): PlayerRecord => ({ id: r.id, name: r.display_name, username: r.username });

/** The name a guest gets when it gave none: an account made from it takes its username instead. */
const madeUpName = (id: string): string => `Guest ${id.slice(2, 6)}`;

/** How passwords are hashed: scrypt's cost (N = 2^cost); below the floor only in a test run that says so. */
export type PasswordHashing = { cost: number; testsOnly?: boolean };

export class Accounts {
  private readonly passwordCost: number;

  constructor(private readonly db: Kysely<Database>, private readonly now: () => Date = () => new Date(), hashing: PasswordHashing = { cost: PASSWORD_COST_DEFAULT }) {
    this.passwordCost = passwordCost(hashing.cost, hashing.testsOnly);
  }

  /**
   * A new guest, named `name` (checked like every name: anything but a string is refused) or a made-up name.
   * The secret is returned once; only its hash is kept.
   */
  async createGuest(name?: unknown): Promise<{ player: PlayerRecord; secret: string }> {
    const id = `p_${newToken(16)}`;
    const secret = newToken();
    const display = name === undefined ? madeUpName(id) : checkDisplayName(name);
    await this.db.insertInto('players').values({ id, secret_hash: sha256Hex(secret), display_name: display, username: null, password_hash: null, created_at: this.now() }).execute();
    return { player: { id, name: display, username: null }, secret };
  }

  /** The guest's id and secret, as the browser kept them. */
  async authenticateGuest(id: unknown, secret: unknown): Promise<PlayerRecord> {
    const bad = () => new PlayerError('BAD_CREDENTIALS', 'That identity is not known here, or its secret does not match.', 401);
    if (typeof id !== 'string' || typeof secret !== 'string' || id.length > 64 || secret.length > 128) throw bad();
    const row = await this.db.selectFrom('players').select(['id', 'display_name', 'username', 'secret_hash']).where('id', '=', id).executeTakeFirst();
    const ok = sameSecret(sha256Hex(secret), row?.secret_hash ?? sha256Hex('no such player'));
    // Once claimed, the identity is the account's: only a password sign-in (a session, which sign-out-everywhere
    // revokes) acts for it. A guest secret left in some browser must not be a session that can never be revoked.
    if (!row || !ok || row.username !== null) throw bad();
    return toRecord(row);
  }

  async get(id: string): Promise<PlayerRecord | null> {
    const row = await this.db.selectFrom('players').select(['id', 'display_name', 'username']).where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async rename(id: string, name: unknown): Promise<PlayerRecord> {
    const n = checkDisplayName(name);
    const row = await this.db.updateTable('players').set({ display_name: n }).where('id', '=', id).returning(['id', 'display_name', 'username']).executeTakeFirst();
    if (!row) throw new PlayerError('NOT_FOUND', 'No such player.', 404);
    return toRecord(row);
  }

  /** A guest becomes an account: from now on it can sign in anywhere with username and password. */
  async claim(id: string, username: unknown, password: unknown): Promise<PlayerRecord> {
    const u = checkUsername(username);
    const hash = await hashPassword(checkPassword(password), this.passwordCost);
    const current = await this.get(id);
    if (!current) throw new PlayerError('NOT_FOUND', 'No such player.', 404);
    if (current.username !== null) throw new PlayerError('ALREADY_CLAIMED', 'This player already has an account.', 409);
    try {
      // A guest still under its made-up name plays as its username from now on (it can still choose a display name).
      const named = current.name === madeUpName(id) ? { display_name: checkDisplayName(u) } : {};
      const row = await this.db.updateTable('players').set({ username: u, password_hash: hash, ...named }).where('id', '=', id).where('username', 'is', null)
        .returning(['id', 'display_name', 'username']).executeTakeFirst();
      if (!row) throw new PlayerError('ALREADY_CLAIMED', 'This player already has an account.', 409);
      return toRecord(row);
    } catch (e) {
      if (e instanceof PlayerError) throw e;
      if (/unique|duplicate/i.test((e as Error).message)) throw new PlayerError('USERNAME_TAKEN', 'That username is taken.', 409);
      throw e;
    }
  }

  /**
   * Username and password → a new session. Unknown user and wrong password give the same answer and take
   * the same time (a password hash is checked either way).
   */
  async signIn(username: unknown, password: unknown): Promise<{ player: PlayerRecord; token: string; expiresAt: Date }> {
    const u = typeof username === 'string' ? username.trim().toLowerCase() : '';
    const p = typeof password === 'string' && password.length <= 200 ? password : '';
    const row = USERNAME.test(u)
      ? await this.db.selectFrom('players').select(['id', 'display_name', 'username', 'password_hash']).where('username', '=', u).executeTakeFirst()
      : undefined;
    const ok = await verifyPassword(p, row?.password_hash ?? await dummyPasswordHash(this.passwordCost));
    if (!row || !row.password_hash || !ok) throw new PlayerError('BAD_CREDENTIALS', 'Wrong username or password.', 401);
    const s = await this.newSession(row.id);
    return { player: toRecord(row), ...s };
  }

  async newSession(playerId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
    await this.db.insertInto('sessions').values({ token_hash: sha256Hex(token), player_id: playerId, created_at: now, expires_at: expiresAt, revoked: false }).execute();
    return { token, expiresAt };
  }

  /** The player a session token belongs to; refused when unknown, expired or revoked. */
  async session(token: unknown): Promise<PlayerRecord> {
    const bad = () => new PlayerError('BAD_SESSION', 'That session is unknown, expired or signed out.', 401);
    if (typeof token !== 'string' || token.length < 20 || token.length > 128) throw bad();
    // The lookup is by hash, so a timing difference reveals nothing about the token itself.
    const row = await this.db.selectFrom('sessions').innerJoin('players', 'players.id', 'sessions.player_id')
      .select(['players.id', 'players.display_name', 'players.username', 'sessions.expires_at', 'sessions.revoked'])
      .where('sessions.token_hash', '=', sha256Hex(token)).executeTakeFirst();
    if (!row || row.revoked || new Date(row.expires_at).getTime() <= this.now().getTime()) throw bad();
    return toRecord(row);
  }

  async signOut(token: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked: true }).where('token_hash', '=', sha256Hex(token)).execute();
  }

  /** Revoke every session of a player (a stolen token stops working everywhere). */
  async signOutEverywhere(playerId: string): Promise<number> {
    const r = await this.db.updateTable('sessions').set({ revoked: true }).where('player_id', '=', playerId).where('revoked', '=', false).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
