/**
 * The wire form of the room state (src/wire.ts): small records travel as JSON text, and
 * `stateFromWire` gives the JSON form back. Along random games the round trip is exact (deliveries in
 * the rules' key order); text that is not what it should be is skipped or defaulted, never thrown on.
 */
import { applyAction, createGame, currentDecision, legalActions, playerView } from '@isle-of-trains/rules';
import {
  gameFromWire, gameJSONFromView, gameWire, logLineFromWire, logLineWire, privatePart, stateFromWire, type IsleStateWire,
} from '@isle-of-trains/client/protocol';

test('game JSON → wire → JSON is the identity along a random 3-player game', () => {
  let game = createGame({ players: 3, seed: 'wire-3' });
  let checked = 0;
  let sawTicket = false;
  let sawIsland = false;
  let sawDelivery = false;
  for (let step = 0; !game.gameOver && step < 3000; step++) {
    const json = gameJSONFromView(playerView(game, 'spectator'), game.players.map((_, s) => privatePart(game, s)));
    const wire = gameWire(json);
    const back = gameFromWire(JSON.parse(JSON.stringify(wire)));
    expect(back).toEqual(json);
    // Deliveries keep the rules' key order too (a client may compare views as JSON text).
    expect(back.players.map((p) => Object.keys(p.delivered))).toEqual(json.players.map((p) => Object.keys(p.delivered)));
    checked++;
    sawTicket ||= json.tickets.some((t) => t.filled.length > 0);
    sawIsland ||= json.players.some((p) => p.islands.length > 0);
    sawDelivery ||= json.players.some((p) => Object.keys(p.delivered).length > 0);
    const d = currentDecision(game)!;
    const legal = legalActions(game, d.seat);
    const r = applyAction(game, d.seat, legal[(step * 7919) % legal.length]);
    if (!r.ok) throw new Error(r.error.code);
    game = r.state;
  }
  expect(checked).toBeGreaterThan(100);
  // The records that travel as text were there to check, not empty all game.
  expect({ sawTicket, sawIsland, sawDelivery }).toEqual({ sawTicket: true, sawIsland: true, sawDelivery: true });
});

test('a log line travels as [n, seat, type, text] and comes back whole', () => {
  const line = { n: 42, seat: 1, type: 'deliver', text: 'Bea delivered a passenger "to" the island.' };
  expect(JSON.parse(logLineWire(line))).toEqual([42, 1, 'deliver', line.text]);
  expect(logLineFromWire(logLineWire(line))).toEqual(line);
});

test('text that is not a record is skipped (log lines) or defaulted (other records), never thrown on', () => {
  const wire = {
    phase: 'playing', code: '', seatsTotal: 2, mode: 'multiplayer', scenario: 0, isPrivate: false, turnTimeLimit: 0,
    decisionDeadline: 0, botLevel: 'greedy', seats: [], rated: false, seedHash: '', seed: '', scoresJson: '', soloJson: '',
    spectators: [], undoable: 0,
    logJson: ['[1,-1,"start","The game starts."]', 'not json', '{"n":2}', '[3,0,"take"]'],
  } as unknown as IsleStateWire;
  const state = stateFromWire(wire);
  expect(state.log).toEqual([
    { n: 1, seat: -1, type: 'start', text: 'The game starts.' },
    { n: 3, seat: 0, type: 'take', text: '' },
  ]);
  expect(state.game).toBeUndefined();
  const base = gameWire(gameJSONFromView(playerView(createGame({ players: 2, seed: 'wire-b' }), 'spectator'), []));
  const game = gameFromWire({
    ...base, ticketsJson: ['{', '{"destination":"x","tile":"t","filled":["p1",2]}'],
    players: base.players.map((p) => ({ ...p, islandsJson: ['[]'], deliveredJson: 'null' })),
  });
  expect(game.tickets).toEqual([{ destination: '', tile: '', filled: [] }, { destination: 'x', tile: 't', filled: ['p1'] }]);
  expect(game.players[0].islands).toEqual([{ island: '', secondary: -1 }]);
  expect(game.players[0].delivered).toEqual({});
});
