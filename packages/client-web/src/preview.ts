/**
 * Development preview (not part of the production build): the table rendered from a local
 * rules game, hot-seat, no server. `npm run dev` then open /preview.html?players=2&steps=40.
 * Query: players, seed, steps (random decisions played first), mode=scenario&scenario=N; and, to look at given
 * cards (the art, a layout), hand=, display=, train=, buildings= (comma-separated card ids, e.g. bank.1,caboose-4.1)
 * to put them in the hand, the display, the moving player's train (after its engine) or buildings.
 */
import { applyAction, createGame, currentDecision, legalActions, type GameState } from '@isle-of-trains/rules';
import { NONE, offer, pick, selectedKey, type Selection } from './intents';
import { roomFromState } from './isle/local-room';
import { endModel, tableModel } from './view-model';
import { viewFromState, type LogEntryJSON } from '@isle-of-trains/client';
import { installSprite } from './render/art';
import { installArt } from './isle/art/index';
import { renderEnd } from './render/end';
import { renderTable } from './render/table';
import { Memos, mountTable } from './render/vdom';
import './styles.css';

const q = new URLSearchParams(window.location.search);
const players = Number(q.get('players') ?? 2);
const mode = (q.get('mode') ?? (players === 1 ? 'challenge' : undefined)) as 'challenge' | 'scenario' | undefined;
let state: GameState = createGame({
  players, seed: q.get('seed') ?? 'preview', names: ['Ada', 'Brunel', 'Clara', 'Dmitri'].slice(0, players),
  ...(mode ? { mode, scenario: mode === 'scenario' ? Number(q.get('scenario') ?? 1) : undefined } : {}),
});
let x = 12345;
const rnd = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 0x100000000);
for (let i = 0, n = Number(q.get('steps') ?? 0); i < n && !state.gameOver; i++) {
  const d = currentDecision(state)!;
  const legal = legalActions(state, d.seat).filter((a) => a.type !== 'returnCard');
  const good = legal.filter((a) => ['build', 'deliver', 'deliverPrimary', 'deliverSecondary', 'deliverTicket', 'loadCard', 'loadPassenger'].includes(a.type));
  const pool = good.length > 0 && rnd() < 0.6 ? good : legal;
  const r = applyAction(state, d.seat, pool[Math.floor(rnd() * pool.length)]);
  if (r.ok) state = r.state;
}
{
  // The moving player's cards as asked (each id stays a card of the catalogue; the deal's own copies are not removed).
  const me = state.players[currentDecision(state)?.seat ?? 0];
  const ids = (k: string) => (q.get(k) ?? '').split(',').filter(Boolean);
  if (q.get('hand') !== null) me.hand = ids('hand');
  if (q.get('display') !== null) state.display = ids('display');
  if (q.get('train') !== null) me.train = [me.train[0], ...ids('train').map((card) => ({ card, loads: [] }))];
  if (q.get('buildings') !== null) me.buildings = ids('buildings');
}
let selection: Selection = NONE;
let details: string | null = null;
let pinned = false;
const memos = new Memos();
let refusal: string | null = null;
const log: LogEntryJSON[] = [];
const root = document.getElementById('app')!;
installSprite();
installArt();

function render(): void {
  const d = currentDecision(state);
  const seat = d ? d.seat : 0;
  const room = roomFromState(state, seat, { log });
  const view = viewFromState(room, seat)!;
  const legal = d ? legalActions(view, seat) : [];
  const o = offer(legal, selection, view, seat, d);
  const m = tableModel(room, seat)!;
  mountTable(root, () => renderTable(m, {
    offer: o,
    selected: selectedKey(selection),
    ui: {
      pick(key) {
        const r = pick(o, key, selection);
        selection = r.selection;
        if (r.send) {
          const res = applyAction(state, seat, r.send);
          if (res.ok) {
            state = res.state;
            refusal = null;
            for (const e of res.events) log.push({ n: log.length + 1, seat: e.seat ?? -1, type: e.type, text: e.text });
          } else refusal = res.error.message;
        }
        render();
      },
      details(id, pin) {
        details = id;
        pinned = !!pin && id !== null;
        render();
      },
    },
  }, {
    statusText: 'Preview (local hot-seat)', statusKind: 'connected', refusal, detailsCard: details, detailsPinned: pinned, turnTimeLimit: 0, deadline: null,
    chapter: room.scenario, onDismissRefusal: () => { refusal = null; render(); }, onLeave: () => undefined,
    endPanel: state.gameOver && m.scores ? renderEnd(endModel(room, m.scores, m.solo), m.scores, state.options.seed, { gameId: null, onLobby: () => undefined }) : null,
  }, memos));
  memos.sweep();
}
render();
