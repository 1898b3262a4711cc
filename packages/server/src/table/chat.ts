/**
 * Table chat: plain text for players and spectators, a few lines per connection, kept with the game in
 * the players' database when there is one.
 */
import { passThrough } from '../wire/refusal';
import { ChatSchema } from '../wire/options';
import { TokenBucket } from '../admission/frame-gate';
import { cleanChatText } from '../players/chat';
import type { PlayerError } from '../players/accounts';
import type { IsleClient, Table } from './table';

/**
 * Table chat for players and spectators: plain text (cleaned, at most CHAT_MAX_CHARS), a few lines per
 * connection (1 a second, bursts of 5), sent to everyone in the room and kept with the game when the
 * players' database is there. Clients render it as text, never as HTML.
 */
export function onChat(table: Table, client: IsleClient, body: unknown, id: string | number | undefined): void {
  const parsed = ChatSchema.safeParse(body);
  if (!parsed.success) {
    table.refuse(client, { code: 'BAD_MESSAGE', message: 'chat is { text, id? }.', id }, 'chat');
    return;
  }
  let text: string;
  try {
    text = cleanChatText(parsed.data.text);
  } catch (e) {
    const pe = e as PlayerError;
    table.refuse(client, { ...passThrough(pe), id }, 'chat');
    return;
  }
  const u = client.userData!;
  u.chat ??= new TokenBucket(1, 5);
  if (!u.chat.take()) {
    table.refuse(client, { code: 'RATE_LIMITED', message: 'Too many chat lines; wait a moment.', id }, 'chat');
    return;
  }
  const seat = u.seat >= 0 ? u.seat : null;
  const name = seat !== null ? table.slots[seat].name : u.name ?? 'Spectator';
  const playerId = seat !== null ? table.slots[seat].playerId ?? null : client.auth?.player?.id ?? null;
  const line = { seat, name, text, at: new Date().toISOString() };
  table.broadcast('chat', line);
  if (id !== undefined) client.send('ack', { id });
  table.rlog.info({ event: 'chat', seat: seat ?? -1, chars: text.length }, 'chat line');
  table.deps.players?.get().then((p) => p.chat.add(table.roomId, { seat, playerId, name, text }, new Date(line.at)))
    .catch((e: Error) => {
      if (!table.deps.players?.health.reported(e)) table.rlog.warn({ event: 'chat', err: { message: e.message } }, 'chat line not kept');
    });
}
