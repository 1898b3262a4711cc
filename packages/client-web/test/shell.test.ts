/**
 * The shell's side of the tables: which game a room plays, and the table slot that loads a game's table module
 * once, mounts it once per room, hands it each state, and destroys it when the page shows something else.
 */
import { gameOf, gameEntry } from '../src/shell/tables';
import { TableSlot } from '../src/shell/table-slot';
import type { MountedTable, TableHost, TableModule } from '../src/shell/table-module';

test('a room\'s game: its listing\'s metadata.game, else its room name, else Isle of Trains', () => {
  expect(gameOf({ metadata: { game: 'isle' } })).toBe('isle');
  expect(gameOf({ name: 'isle' })).toBe('isle');
  // The second game: by its listing and by its room type (a room joined by id or code knows only its name).
  expect(gameOf({ metadata: { game: 'ttr' } })).toBe('ttr');
  expect(gameOf({ name: 'ttr' })).toBe('ttr');
  // A game this page has no table for, or no word at all: the default table.
  expect(gameOf({ metadata: { game: 'chess' }, name: 'chess' })).toBe('isle');
  expect(gameOf(null)).toBe('isle');
});

test('the Isle table module loads through the registry and mounts only with the shell\'s frame', async () => {
  const table = await gameEntry('isle').table();
  const host: TableHost = { act: async () => undefined, undo: async () => undefined, notify: () => undefined };
  expect(() => table.mount({} as HTMLElement, host)).toThrow(/page frame/);
});

/** A table module that records what the slot asks of it. */
function fakeModule() {
  const seen: string[] = [];
  let mounts = 0;
  const module: TableModule<string> = {
    mount(): MountedTable<string> {
      const n = ++mounts;
      seen.push(`mount ${n}`);
      return { update: (room, seat) => seen.push(`update ${n} ${room} ${seat}`), destroy: () => seen.push(`destroy ${n}`) };
    },
  };
  return { seen, module };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

test('the slot loads a table once, mounts it once per room, updates it, and destroys it for another room or screen', async () => {
  const { seen, module } = fakeModule();
  const slot = new TableSlot({} as HTMLElement);
  const host: TableHost = { act: async () => undefined, undo: async () => undefined, notify: () => undefined };
  let loads = 0;
  let loaded = 0;
  const load = async () => { loads++; return module as TableModule; };
  // The first call starts the load and shows nothing yet; a second call meanwhile does not load again.
  expect(slot.show('isle:r1', load, host, 'a', 0, () => loaded++)).toBe(false);
  expect(slot.show('isle:r1', load, host, 'a', 0, () => loaded++)).toBe(false);
  await flush();
  expect(loads).toBe(1);
  expect(loaded).toBe(1);
  expect(slot.show('isle:r1', load, host, 'b', 0, () => loaded++)).toBe(true);
  expect(slot.show('isle:r1', load, host, 'c', null, () => loaded++)).toBe(true);
  // Another room (a rematch): the old table goes, a new one is mounted.
  slot.show('isle:r2', load, host, 'd', 1, () => loaded++);
  await flush();
  slot.show('isle:r2', load, host, 'e', 1, () => loaded++);
  slot.clear();
  expect(seen).toEqual(['mount 1', 'update 1 b 0', 'update 1 c null', 'destroy 1', 'mount 2', 'update 2 e 1', 'destroy 2']);
});

test('a table that cannot be loaded is reported once through the host, not asked for at every render', async () => {
  const notes: string[] = [];
  const host: TableHost = { act: async () => undefined, undo: async () => undefined, notify: (t) => notes.push(t) };
  const slot = new TableSlot({} as HTMLElement);
  let loads = 0;
  const load = async (): Promise<TableModule> => { loads++; throw new Error('chunk gone'); };
  slot.show('isle:r1', load, host, 'a', 0, () => undefined);
  await flush();
  slot.show('isle:r1', load, host, 'a', 0, () => undefined);
  await flush();
  expect(loads).toBe(1);
  expect(notes).toEqual(['The table could not be loaded: reload the page.']);
});
