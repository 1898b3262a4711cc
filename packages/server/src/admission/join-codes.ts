/**
 * Join codes → room ids, kept in Colyseus presence (a hash: in memory on one process, in Redis when
 * scaled out, where presence keys carry REDIS_KEY_PREFIX), so GET /api/rooms/by-code is one lookup
 * instead of a scan of every room. A room files its code when it is created and
 * withdraws it when its game ends or it closes: the endpoint answers for rooms in the lobby or in
 * play, public or private, and not for ended ones.
 */
import { randomInt } from 'crypto';
import type { Presence } from '@colyseus/core';

const KEY = 'join-codes';
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function makeCode(): string {
  let s = '';
  for (let i = 0; i < 6; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/** A fresh code filed for `roomId` (or `wanted`, a restored room's own code, when still free). */
export async function fileCode(presence: Presence, roomId: string, wanted?: string): Promise<string> {
  if (wanted) {
    const holder = await presence.hget(KEY, wanted);
    if (holder === null || holder === roomId) {
      await presence.hset(KEY, wanted, roomId);
      return wanted;
    }
  }
  for (;;) {
    const code = makeCode();
    if (await presence.hget(KEY, code) === null) {
      await presence.hset(KEY, code, roomId);
      return code;
    }
  }
}

export async function withdrawCode(presence: Presence, code: string, roomId: string): Promise<void> {
  if (code && await presence.hget(KEY, code) === roomId) await presence.hdel(KEY, code);
}

/** The room id filed under `code` (case-insensitive), or null. */
export async function findCode(presence: Presence, code: string): Promise<string | null> {
  const c = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{6}$/.test(c)) return null;
  return presence.hget(KEY, c);
}
