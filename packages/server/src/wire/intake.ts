/**
 * The edge of every message: each inbound message passes the size limit and a crash guard once, with its
 * reply id read once, before its handler runs (the frame rate limit is src/admission/frame-gate.ts's).
 * Unknown types and flooding connections are answered here too.
 */
import { CLOSE_CODES } from '@isle-of-trains/client/protocol';
import type { IsleClient, Table } from '../table/table';

/**
 * Size limit and crash guard shared by every message type (the rate limit is frame-gate.ts's).
 * `handle` gets the body's `id` when it is a readable one (a string of ≤ 64 characters or a safe
 * integer, as MessageId), so even a refusal of a malformed body can be matched to what the client sent.
 */
export function guard(table: Table, client: IsleClient, type: string, body: unknown, handle: (replyId: string | number | undefined) => void): void {
  const id = (body && typeof body === 'object' && !Array.isArray(body)) ? (body as { id?: unknown }).id : undefined;
  const replyId = (typeof id === 'string' && id.length <= 64) || Number.isSafeInteger(id) ? id as string | number : undefined;
  try {
    let size = 0;
    try {
      size = body === undefined ? 0 : Buffer.byteLength(JSON.stringify(body) ?? '');
    } catch {
      table.refuse(client, { code: 'BAD_MESSAGE', message: 'The message body cannot be read.', id: replyId }, type);
      return;
    }
    if (size > table.deps.config.MAX_MESSAGE_BYTES) {
      table.refuse(client, { code: 'TOO_LARGE', message: `Message body over ${table.deps.config.MAX_MESSAGE_BYTES} bytes.`, id: replyId }, type);
      return;
    }
    handle(replyId);
  } catch (e) {
    table.rlog.error({ event: 'message', type: type.slice(0, 40), seat: client.userData?.seat, err: (e as Error).message }, 'message handler failed');
    table.refuse(client, { code: 'INTERNAL', message: 'The server could not handle that message.', id: replyId }, type);
  }
}

export function unknownMessage(table: Table, client: IsleClient, type: string | number, id: string | number | undefined): void {
  table.refuse(client, { code: 'UNKNOWN_MESSAGE', message: `Unknown message type "${String(type).slice(0, 40)}".`, id }, String(type));
}

/** The connection keeps sending over its limit: close it (no reconnection window) and slow its address. */
export function closeFlooding(table: Table, client: IsleClient): void {
  const ud = client.userData;
  if (!ud || ud.kicked) return;
  ud.kicked = true;
  table.deps.slowed?.add(ud.address);
  table.rlog.warn({ event: 'flooding', seat: table.ownedSeat(client), session: client.sessionId }, 'connection closed for flooding');
  client.leave(CLOSE_CODES.FLOODING, 'too many messages');
}
