/**
 * What a client decodes from the patches is the server's state after every action, without a network: the
 * mirror's edits of string lists (entries taken out of the middle go as `splice` deletions: a card played
 * from a hand, the turn's first task done) and the turn's queue as a list reach each seat's decoder, built
 * from the handshake as the SDK builds one, exactly; a seat never decodes another seat's private fields.
 */
import { Decoder, Encoder, Reflection, StateView } from '@colyseus/schema';
import { applyAction, createGame, currentDecision, legalActions, playerView, type GameState } from '@isle-of-trains/rules';
import { stateFromWire, viewFromState, type IsleStateWire } from '@isle-of-trains/client/protocol';
import { mirrorState } from '../src/wire/mirror';
import { GameSchema, IsleState } from '../src/wire/schema';

const PRIVATE = ['hand', 'faceDownJson'];

/** The server's state as `seat` may see it: others' private lists absent. */
function seenBy(json: IsleStateWire, seat: number): IsleStateWire {
  const copy = JSON.parse(JSON.stringify(json)) as IsleStateWire;
  copy.game?.players.forEach((p, i) => {
    if (i !== seat) for (const f of PRIVATE) delete (p as unknown as Record<string, unknown>)[f];
  });
  return copy;
}

test('every seat decodes the server\'s state after every action of seeded 2- and 3-player games', () => {
  let splices = 0;
  let actions = 0;
  for (const [players, seed] of [[2, 'pd-2a'], [2, 'pd-2b'], [3, 'pd-3']] as const) {
    let game: GameState = createGame({ players, seed });
    const state = new IsleState();
    state.phase = 'playing';
    state.seatsTotal = players;
    const encoder = new Encoder(state);
    const decoders = Array.from({ length: players }, () => Reflection.decode(Reflection.encode(encoder)) as Decoder<InstanceType<typeof IsleState>>);
    const views = decoders.map(() => new StateView());
    const patch = () => {
      const it = { offset: 0 };
      encoder.encode(it);
      const shared = it.offset;
      const frames = views.map((v) => Uint8Array.from(encoder.encodeView(v, shared, it)));
      encoder.discardChanges();
      frames.forEach((f, seat) => decoders[seat].decode(f));
    };
    patch();
    state.game = new GameSchema();
    mirrorState(state.game, game);
    views.forEach((v, seat) => v.add(state.game!.players[seat]));
    patch();
    let x = 0x2545f491;
    for (let step = 0; step < 400 && !game.gameOver; step++) {
      const d = currentDecision(game)!;
      const legal = legalActions(playerView(game, d.seat), d.seat);
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
      const r = applyAction(game, d.seat, legal[x % legal.length]);
      if (!r.ok) throw new Error(r.error.code);
      const before = game.players.map((p) => p.hand.length);
      game = r.state;
      // A hand that lost a card from before its end: the mirror splices it.
      game.players.forEach((p, i) => { if (p.hand.length < before[i] && p.hand.length > 0) splices++; });
      mirrorState(state.game, game);
      patch();
      actions++;
      const server = state.toJSON() as IsleStateWire;
      decoders.forEach((dec, seat) => {
        const decoded = dec.state.toJSON() as IsleStateWire;
        expect(decoded).toEqual(seenBy(server, seat));
        // And the view the client rebuilds from it is the rules' own.
        expect(viewFromState(stateFromWire(decoded), seat)).toEqual(playerView(game, seat));
      });
    }
  }
  expect(actions).toBeGreaterThan(600);
  expect(splices).toBeGreaterThan(20);
});
