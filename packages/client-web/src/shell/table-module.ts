/**
 * How a game's table plugs into the page. The shell (lobby, identity, players' pages, chat, log, replay bar,
 * end screen frame) knows no game's rules: it loads the table of the room's game (src/shell/tables.ts), mounts
 * it on the page, gives it every new room state, and carries its moves to the server.
 */
export interface TableHost<A = unknown> {
  /** Sends one action as an intent; resolves on its ack, rejects with the typed refusal ({code, message}). */
  act(action: A): Promise<void>;
  /** Takes back the seat's last step (rejects with the refusal). */
  undo(): Promise<void>;
  /** Shows a short message to the player (refusals, notices). */
  notify(text: string): void;
}
export interface MountedTable<S = unknown> {
  /** The decoded room state (the client package's JSON shape for that game) and the viewer's seat (null: spectator). */
  update(room: S, seat: number | null): void;
  destroy(): void;
}
export interface TableModule<S = unknown, A = unknown> {
  mount(root: HTMLElement, host: TableHost<A>): MountedTable<S>;
}
