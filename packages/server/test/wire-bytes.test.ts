/**
 * Isle of Trains' room state on the wire changes only on purpose: the handshake's type reflection, a full
 * state and a patch encode to exactly the bytes recorded (test/fixtures/isle-state-wire.txt). Recorded when
 * the table's common fields were shared between games (src/wire/table-state.ts, which was to change
 * nothing), again when the turn's queue became a list and the decision left the wire, and again when the
 * lists that change a few times a game (the spectators' names among them) became one JSON text each
 * (docs/PROTOCOL.md, "Room state"): a change
 * to the schema that is not meant to change the wire fails here.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Encoder, Reflection } from '@colyseus/schema';
import { GameSchema, IsleState, PlayerSchema, SeatInfo } from '../src/wire/schema';

test('the handshake, a full state and a patch of Isle\'s room state are byte-for-byte those recorded', () => {
  const s = new IsleState();
  s.phase = 'playing'; s.code = 'ABCD'; s.seatsTotal = 2; s.seedHash = 'h'; s.undoable = 2; s.soloJson = '';
  s.seats.push(new SeatInfo()); s.seats[0].name = 'Ada';
  s.logJson.push('[1,-1,"start","x"]'); s.spectatorsJson = '["Bo"]';
  s.game = new GameSchema(); s.game.deckCount = 30;
  const p = new PlayerSchema(); p.hand.push('c1'); s.game.players.push(p);
  const enc = new Encoder(s);
  const out = [Buffer.from(Reflection.encode(enc)).toString('hex'), Buffer.from(enc.encodeAll()).toString('hex')];
  enc.discardChanges();
  s.undoable = 0; s.decisionDeadline = 123; s.scoresJson = '{}';
  out.push(Buffer.from(enc.encode()).toString('hex'));
  const recorded = fs.readFileSync(path.join(__dirname, 'fixtures', 'isle-state-wire.txt'), 'utf8').trim().split('\n');
  expect(out).toEqual(recorded);
});
