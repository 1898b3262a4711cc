/**
 * The table chat as this page keeps it: the lines heard since joining, the line being typed, the server's last
 * refusal, and the players this browser has muted (kept in localStorage, so a mute lasts across games).
 */
import { CHAT_MAX_CHARS, type ChatLine } from '@isle-of-trains/client';
import type { IsleStateJSON } from '@isle-of-trains/client';
import type { KeyValueStore } from '../shell/session-store';

/** The server's limit (docs/PROTOCOL.md `chat`), checked here too so the player learns it before sending. */
/** The server's limit on a chat line (the protocol's), checked here before sending. */
export const CHAT_MAX = CHAT_MAX_CHARS;
const KEPT_LINES = 200;
const MUTED = 'iot.muted';
const MAX_MUTED = 200;

/** Who wrote a line, as a mute remembers them: their player id when they have one, else their name. */
export function authorKey(line: ChatLine, room: IsleStateJSON | null): string {
  const id = line.seat !== null && line.seat >= 0 ? room?.seats[line.seat]?.playerId : '';
  return id ? `id:${id}` : `name:${line.name}`;
}

export class TableChat {
  lines: ChatLine[] = [];
  notice: string | null = null;
  /**
   * Counts the changes to what the chat panel shows (its lines, the draft, the notice, the mutes): a panel drawn
   * at the same version (and for the same seats) shows the same, and a table keeps it (src/shell/frame.ts `sideKey`).
   */
  version = 0;
  private text = '';
  private roomId: string | null = null;
  private readonly muted: Set<string>;

  /** The line being typed. */
  get draft(): string {
    return this.text;
  }

  set draft(t: string) {
    if (t !== this.text) this.version++;
    this.text = t;
  }

  constructor(private readonly kv: KeyValueStore | null) {
    this.muted = new Set(this.readMuted());
  }

  /** A new room starts a new conversation. */
  room(roomId: string | null): void {
    if (roomId === this.roomId) return;
    this.roomId = roomId;
    this.lines = [];
    this.notice = null;
    this.version++;
  }

  add(line: ChatLine): void {
    if (typeof line?.text !== 'string' || typeof line.name !== 'string') return;
    this.lines.push({ seat: typeof line.seat === 'number' ? line.seat : null, name: line.name, text: line.text, at: String(line.at ?? '') });
    if (this.lines.length > KEPT_LINES) this.lines.splice(0, this.lines.length - KEPT_LINES);
    this.version++;
  }

  /** What to send, or null (with a notice) when the line breaks the server's limits. */
  take(): string | null {
    const text = this.draft.replace(/\s+/g, ' ').trim();
    if (!text) return null;
    this.version++;
    if (text.length > CHAT_MAX) {
      this.notice = `A message can be at most ${CHAT_MAX} characters (this one has ${text.length}).`;
      return null;
    }
    this.draft = '';
    this.notice = null;
    return text;
  }

  refused(code: string, message: string): void {
    this.version++;
    this.notice = code === 'RATE_LIMITED' ? 'You are sending messages too fast: wait a moment.' : message;
  }

  isMuted(key: string): boolean {
    return this.muted.has(key);
  }

  toggleMute(key: string): void {
    this.version++;
    if (this.muted.has(key)) this.muted.delete(key);
    else this.muted.add(key);
    try {
      this.kv?.setItem(MUTED, JSON.stringify([...this.muted].slice(-MAX_MUTED)));
    } catch {
      /* storage disabled: the mute lasts as long as the page */
    }
  }

  private readMuted(): string[] {
    try {
      const v = JSON.parse(this.kv?.getItem(MUTED) ?? '[]') as unknown;
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(-MAX_MUTED) : [];
    } catch {
      return [];
    }
  }
}
