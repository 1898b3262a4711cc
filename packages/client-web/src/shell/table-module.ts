export interface TableHost<A = unknown> {
  act(action: A): Promise<void>;   // sends one action; resolves on ack, rejects with {code, message}
  undo(): Promise<void>;
  notify(text: string): void;
}
export interface MountedTable<S = unknown> { update(room: S, seat: number | null): void; destroy(): void; }
export interface TableModule<S = unknown, A = unknown> { mount(root: HTMLElement, host: TableHost<A>): MountedTable<S>; }
