/**
 * Every message type and its body, as zod schemas: the server validates what clients send with these,
 * and a client may check what the server sends with them. docs/PROTOCOL.md, "Messages".
 */
import { z } from 'zod';

/**
 * An `id` a client attaches to a message so that its `ack` or `error` names it: a string of ≤ 64 characters or a
 * safe integer (NaN, 1.5 or 2^53 are refused with BAD_MESSAGE), on every message type.
 */
export const MessageId = z.union([z.string().max(64), z.number().int()]);
/** The id echoed in `ack` and `error`. */
export type MessageId = z.infer<typeof MessageId>;

/** Body of an `intent` message; the server checks `action` separately with the rules' `ActionSchema`. */
export const IntentSchema = z.object({
  action: z.unknown(),
  id: MessageId.optional(),
}).strict();

/** The longest table chat line, in characters once cleaned (the server refuses longer ones with CHAT_TOO_LONG). */
export const CHAT_MAX_CHARS = 300;

/** Body of a `chat` message: the room cleans and limits the text (1–300 characters once cleaned). */
export const ChatSchema = z.object({
  text: z.string().max(2000),
  id: MessageId.optional(),
}).strict();

/** Body of an `undo` message (take back this seat's last step of the turn): `{ id? }`, or no body. */
export const UndoSchema = z.union([z.object({ id: MessageId.optional() }).strict(), z.undefined(), z.null()]);

/** Body of a `rematch` message, after the game has ended: `{ id? }`, or no body. */
export const RematchSchema = UndoSchema;

/** The most log lines one `log` request returns. */
export const LOG_PAGE_MAX = 100;

/**
 * Body of a `log` message (fetch older log lines than the room state's window): the up to `limit`
 * (1–100, default 100) lines numbered below `before` (every line when absent), answered with a `log`
 * message carrying the same `id`. Anyone in the room may ask, in any phase.
 */
export const LogRequestSchema = z.object({
  before: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.number().int().min(1).max(LOG_PAGE_MAX).optional(),
  id: MessageId.optional(),
}).strict();
/** Body of a `log` message. */
export type LogRequest = z.infer<typeof LogRequestSchema>;

/** Body of a `start` message (the creator, in the lobby): `{ id? }`, or no body; `ack { id }` once the game is under way. */
export const StartSchema = z.union([z.object({ id: MessageId.optional() }).strict(), z.undefined(), z.null()]);

/** Message types a client sends. */
export const CLIENT_MESSAGES = ['intent', 'start', 'chat', 'undo', 'rematch', 'log'] as const;
/** A message type a client sends. */
export type ClientMessageType = (typeof CLIENT_MESSAGES)[number];

/**
 * `seat`: right after joining and after each reconnection, to that client only; seat −1 is a spectator.
 * `shareKey`: in a private room, to seated players only: with the room id it opens the game's replay after
 * the end (`GET /api/games/:id/replay?key=…`); pass it on to whoever you want to show the game.
 */
export const SeatMessageSchema = z.object({ seat: z.number().int(), token: z.string(), roomId: z.string(), shareKey: z.string().optional() });
export type SeatMessage = z.infer<typeof SeatMessageSchema>;

/** `ack`: the message with this `id` was applied (its state patch has already been sent) and stored. */
export const AckMessageSchema = z.object({ id: MessageId });
export type AckMessage = z.infer<typeof AckMessageSchema>;

/** `error`: a message was refused and nothing changed; only the sender gets it. */
export const ErrorMessageSchema = z.object({ code: z.string(), message: z.string(), id: MessageId.optional() });
export type ErrorMessage = z.infer<typeof ErrorMessageSchema>;

/** `chat`: a table chat line, to everyone in the room (`seat` null for a spectator, `at` an ISO time). */
export const ChatLineSchema = z.object({ seat: z.number().int().nullable(), name: z.string(), text: z.string(), at: z.string() });
export type ChatLine = z.infer<typeof ChatLineSchema>;

/** `storage`: the server cannot store moves (`ok: false`; actions are refused) or can again (`ok: true`). */
export const StorageMessageSchema = z.object({ ok: z.boolean() });
export type StorageMessage = z.infer<typeof StorageMessageSchema>;

/** `restarting`: the server shuts down in about `seconds`; join again with the seat token afterwards. */
export const RestartingMessageSchema = z.object({ seconds: z.number() });
export type RestartingMessage = z.infer<typeof RestartingMessageSchema>;

/** `rematch`: a new room with the same seats was opened for a rematch. */
export const RematchMessageSchema = z.object({ roomId: z.string() });
export type RematchMessage = z.infer<typeof RematchMessageSchema>;

/** One log line: as in the room state's `log` (number stable for the whole game, public text only). */
export const LogLineSchema = z.object({ n: z.number().int(), seat: z.number().int(), type: z.string(), text: z.string() });
export type LogLine = z.infer<typeof LogLineSchema>;

/**
 * `log`: the answer to a `log` request, to that client only: `lines` oldest first, all numbered below
 * `before` (the request's, absent when it gave none); `more` is true when older lines exist (ask again
 * with `before` = the first line's `n`). `id` is the request's.
 */
export const LogPageSchema = z.object({
  lines: z.array(LogLineSchema),
  more: z.boolean(),
  before: z.number().int().optional(),
  id: MessageId.optional(),
});
export type LogPage = z.infer<typeof LogPageSchema>;

/** Message types the server sends, with their body schemas. */
export const SERVER_MESSAGES = {
  seat: SeatMessageSchema,
  ack: AckMessageSchema,
  error: ErrorMessageSchema,
  chat: ChatLineSchema,
  storage: StorageMessageSchema,
  restarting: RestartingMessageSchema,
  rematch: RematchMessageSchema,
  log: LogPageSchema,
} as const;
/** A message type the server sends. */
export type ServerMessageType = keyof typeof SERVER_MESSAGES;
