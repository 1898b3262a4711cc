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
  const taskKinds = new Set<string>();
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
    for (const task of game.turn.queue) {
      taskKinds.add(task.kind);
      if (task.kind === 'delivery' && task.afterDelivery !== undefined) taskKinds.add('afterDelivery');
    }
    // The decision is not on the wire: what the client derives is what the server's rules give.
    expect(wire).not.toHaveProperty('decisionJson');
    expect(back.decisionJson).toBe(JSON.stringify(currentDecision(playerView(game, 'spectator'))));
    const d = currentDecision(game)!;
    const legal = legalActions(game, d.seat);
    const r = applyAction(game, d.seat, legal[(step * 7919) % legal.length]);
    if (!r.ok) throw new Error(r.error.code);
    game = r.state;
  }
  expect(checked).toBeGreaterThan(100);
  // The records that travel as text were there to check, not empty all game.
  expect({ sawTicket, sawIsland, sawDelivery }).toEqual({ sawTicket: true, sawIsland: true, sawDelivery: true });
  // And the turn's tasks, each kind in its short form, a delivery with the tasks it holds back among them.
  expect([...taskKinds].sort()).toEqual(expect.arrayContaining(['afterDelivery', 'delivery', 'draw', 'handLimit', 'pay', 'passengers']));
});

test('the turn\'s tasks travel as short arrays, one text each; an object (a kind not known here) comes back as it is', () => {
  const json = gameJSONFromView(playerView(createGame({ players: 2, seed: 'wire-q' }), 'spectator'), []);
  const queue = [
    { kind: 'pay', count: 2, reason: 'build', label: 'Coach Level 2' },
    { kind: 'delivery', progress: { at: 'cactus', steps: 1, primary: true, secondary: false, passengerAsCargoUsed: false, remoteTicketUsed: true, anyPassengerUsed: false }, afterDelivery: [{ kind: 'vp', count: 1, source: 'x' }] },
    { kind: 'handLimit' },
  ];
  const wire = gameWire({ ...json, turn: { ...json.turn, queueJson: JSON.stringify(queue) } });
  expect(wire.turn.queueJson).toEqual([
    '["pay",2,"build","Coach Level 2"]', '["delivery",["cactus",1,1,0,0,1,0],[["vp",1,"x"]]]', '["handLimit"]',
  ]);
  expect(gameFromWire(wire).turn.queueJson).toBe(JSON.stringify(queue));
  const odd = { ...wire, turn: { ...wire.turn, queueJson: ['{"kind":"future","n":1}', 'not json', '["pay",1,"faceDown","a face-down load"]'] } };
  expect(JSON.parse(gameFromWire(odd).turn.queueJson)).toEqual([{ kind: 'future', n: 1 }, { kind: 'pay', count: 1, reason: 'faceDown', label: 'a face-down load' }]);
});

test('a car travels with each load in its short form, and comes back whole', () => {
  const json = gameJSONFromView(playerView(createGame({ players: 2, seed: 'wire-c' }), 'spectator'), []);
  const loads = [
    { kind: 'passenger', card: '', as: '', faceDown: false, passenger: 'p-red-1', by: -1 },
    { kind: 'card', card: 'hopper-1.2', as: 'coal', faceDown: false, passenger: '', by: -1 },
    { kind: 'card', card: '', as: 'any', faceDown: true, passenger: '', by: 1 },
  ];
  const players = json.players.map((p, i) => (i === 0 ? { ...p, train: [{ card: p.train[0].card, loads }] } : p));
  const wire = gameWire({ ...json, players });
  expect(JSON.parse(wire.players[0].trainJson[0])).toEqual({ card: players[0].train[0].card, loads: [{ p: 'p-red-1' }, { c: 'hopper-1.2', as: 'coal' }, { as: 'any', by: 1 }] });
  expect(gameFromWire(wire).players[0].train).toEqual(players[0].train);
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
    spectatorsJson: '["Ann",3]', undoable: 0,
    logJson: ['[1,-1,"start","The game starts."]', 'not json', '{"n":2}', '[3,0,"take"]'],
  } as unknown as IsleStateWire;
  const state = stateFromWire(wire);
  expect(state.log).toEqual([
    { n: 1, seat: -1, type: 'start', text: 'The game starts.' },
    { n: 3, seat: 0, type: 'take', text: '' },
  ]);
  expect(state.game).toBeUndefined();
  expect(state.spectators).toEqual(['Ann']);
  expect(stateFromWire({ ...wire, spectatorsJson: 'nope' }).spectators).toEqual([]);
  const base = gameWire(gameJSONFromView(playerView(createGame({ players: 2, seed: 'wire-b' }), 'spectator'), []));
  const game = gameFromWire({
    ...base, ticketsJson: ['{', '{"destination":"x","tile":"t","filled":["p1",2]}'], islandsOnMapJson: '{"a":1}',
    players: base.players.map((p) => ({ ...p, heldIslandsJson: '[[]]', buildingsJson: 'not json', faceDownJson: '[1,"c7",null]', deliveredJson: 'null' })),
  });
  expect(game.tickets).toEqual([{ destination: '', tile: '', filled: [] }, { destination: 'x', tile: 't', filled: ['p1'] }]);
  expect(game.islandsOnMap).toEqual([]);
  expect(game.players[0].islands).toEqual([{ island: '', secondary: -1 }]);
  expect(game.players[0].buildings).toEqual([]);
  expect(game.players[0].faceDownCards).toEqual(['c7']);
  expect(game.players[0].delivered).toEqual({});
});
