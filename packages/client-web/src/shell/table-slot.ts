/**
 * The table on the page: the table module of the shown game, loaded on first need, mounted once per room (or
 * replay) and given each state; destroyed when the page shows something else.
 */
import type { MountedTable, TableHost, TableModule } from './table-module';

export class TableSlot {
  private mounted: { key: string; table: MountedTable } | null = null;
  private loading: string | null = null;
  private failed: string | null = null;

  constructor(private readonly root: HTMLElement) {}

  /** Show `room` with the module's table for `key` (a room id); false while its module is still loading. */
  show(key: string, load: () => Promise<TableModule>, host: TableHost, room: unknown, seat: number | null, loaded: () => void): boolean {
    if (this.mounted && this.mounted.key !== key) this.clear();
    if (!this.mounted) {
      if (this.loading !== key && this.failed !== key) {
        this.loading = key;
        load().then((m) => {
          if (this.loading !== key) return;
          this.loading = null;
          this.mounted = { key, table: m.mount(this.root, host) };
          loaded();
        }, () => {
          // A chunk that fails to load (the server was updated meanwhile): the host says so; a reload fixes it.
          if (this.loading !== key) return;
          this.loading = null;
          this.failed = key;
          host.notify('The table could not be loaded: reload the page.');
        });
      }
      return false;
    }
    this.mounted.table.update(room, seat);
    return true;
  }

  /** The page shows something else: the table goes (its listeners and timers with it). */
  clear(): void {
    this.mounted?.table.destroy();
    this.mounted = null;
    this.loading = null;
  }
}
