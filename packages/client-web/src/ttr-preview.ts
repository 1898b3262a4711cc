/**
 * Development preview of the second game's table (not part of the production build): you against greedy
 * bots, played locally through the same TableHost a room gives the table. `npm run dev` then open
 * /ttr-preview.html?players=2&seed=abc (query: players 2–5, seed, botDelay in ms between bot moves, watch=1 to
 * watch bots only, as a spectator).
 */
import { applyAction, createGame, NORTHERN_EUROPE, pending, playerView, type Action, type GameEvent, type GameState } from '@isle-of-trains/ttr-rules';
import { ttrChooseAction } from '@isle-of-trains/bots';
import { ttrTable } from './ttr/table';
import type { TableHost } from './shell/table-module';

const q = new URLSearchParams(window.location.search);
const players = Math.min(5, Math.max(2, Number(q.get('players') ?? 2)));
const seed = q.get('seed') ?? 'preview';
const botDelay = Number(q.get('botDelay') ?? 300);
const watch = q.get('watch') === '1';
const names = [watch ? 'Greedy Gerd' : 'You', 'Greedy Gus', 'Greedy Gwen', 'Greedy Gil', 'Greedy Greta'].slice(0, players);
/** The seat played from this page; watching, every seat is a bot and the table shows the spectator's view. */
const ME = watch ? -1 : 0;
let state: GameState = createGame({ players, seed, names });
const history: GameEvent[] = [];
const root = document.getElementById('app')!;

const host: TableHost<Action> = {
  act(action) {
    const r = applyAction(state, ME, action);
    if (!r.ok) return Promise.reject(r.error);
    state = r.state;
    history.push(...r.events);
    show();
    schedule();
    return Promise.resolve();
  },
  undo() {
    return Promise.reject({ code: 'NOT_UNDOABLE', message: 'The preview keeps no undo.' });
  },
  notify(text) {
    document.title = `${text} · Northern Lights preview`;
  },
};

const table = ttrTable.mount(root, host);
function show(): void {
  const seat = watch ? null : ME;
  table.update({ view: playerView(state, seat ?? 'spectator'), seat, names, map: NORTHERN_EUROPE.data }, seat);
}

/** Bots move one step at a time, a little apart, so a person can follow them. */
let timer: number | null = null;
function schedule(): void {
  if (timer !== null) return;
  const bot = pending(state).find((d) => d.seat !== ME);
  if (!bot) return;
  timer = window.setTimeout(() => {
    timer = null;
    const d = pending(state).find((x) => x.seat !== ME);
    if (d) {
      const action = ttrChooseAction({ view: playerView(state, d.seat), seat: d.seat, history }, { level: 'greedy', seed: `${seed}:${d.seat}` });
      const r = applyAction(state, d.seat, action);
      if (r.ok) {
        state = r.state;
        history.push(...r.events);
      } else throw new Error(`bot ${d.seat} sent a refused move: ${r.error.message}`);
      show();
    }
    schedule();
  }, botDelay);
}
show();
schedule();
