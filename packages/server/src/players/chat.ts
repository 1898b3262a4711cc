/**
 * Table chat: short plain-text lines, kept with the game so its replay can show them. Text is stored as the
 * player typed it (trimmed, control characters removed) and must always be rendered as text, never as HTML.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CHAT_MAX_CHARS } from '@isle-of-trains/client/protocol';
import { PlayerError } from './accounts';

// The limit is the protocol's (one number for the server, the client package and the page).
export { CHAT_MAX_CHARS };

export function cleanChatText(text: unknown): string {
  if (typeof text !== 'string') throw new PlayerError('BAD_CHAT', 'A chat line is text.');
  // eslint-disable-next-line no-control-regex
  const t = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();
  if (t.length === 0) throw new PlayerError('BAD_CHAT', 'A chat line cannot be empty.');
  if ([...t].length > CHAT_MAX_CHARS) throw new PlayerError('CHAT_TOO_LONG', `A chat line is at most ${CHAT_MAX_CHARS} characters.`);
  return t;
}

export interface ChatLine {
  id: number;
  seat: number | null;
  playerId: string | null;
  name: string;
  text: string;
  at: Date;
}

export class ChatLog {
  constructor(private readonly db: Kysely<Database>) {}

  async add(gameId: string, line: { seat: number | null; playerId: string | null; name: string; text: unknown }, at = new Date()): Promise<ChatLine> {
    const text = cleanChatText(line.text);
    const row = await this.db.insertInto('chat').values({ game_id: gameId, seat: line.seat, player_id: line.playerId, name: line.name, text, at })
      .returning(['id']).executeTakeFirstOrThrow();
    return { id: Number(row.id), seat: line.seat, playerId: line.playerId, name: line.name, text, at };
  }

  async of(gameId: string): Promise<ChatLine[]> {
    const rows = await this.db.selectFrom('chat').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
    return rows.map((r) => ({ id: Number(r.id), seat: r.seat, playerId: r.player_id, name: r.name, text: r.text, at: new Date(r.at) }));
  }
}
