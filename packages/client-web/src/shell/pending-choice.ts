/**
 * A choice waiting for its Confirm (the confirm tray), kept for this tab across a reload: sessionStorage, by
 * room and seat. What comes back is only a proposal: the table shows it again only if, once the room's state
 * is there, the decision is still this seat's and the move is among its legal moves.
 */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function tabStore(): Store | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export class PendingChoice<T> {
  private last = new Map<string, string>();

  constructor(private readonly store: Store | null = tabStore()) {}

  private static key(roomId: string, seat: number): string {
    return `iot.pending.${roomId}.${seat}`;
  }

  /** Keep `value` (null: nothing pending); storage is written only when it changes. */
  save(roomId: string, seat: number, value: T | null): void {
    const key = PendingChoice.key(roomId, seat);
    const text = value === null ? '' : JSON.stringify(value);
    if (this.last.get(key) === text) return;
    this.last.set(key, text);
    try {
      if (text) this.store?.setItem(key, text);
      else this.store?.removeItem(key);
    } catch {
      /* storage full or disabled: only the tray's survival of a reload is lost */
    }
  }

  load(roomId: string, seat: number): T | null {
    try {
      const text = this.store?.getItem(PendingChoice.key(roomId, seat));
      return text ? (JSON.parse(text) as T) : null;
    } catch {
      return null;
    }
  }
}
