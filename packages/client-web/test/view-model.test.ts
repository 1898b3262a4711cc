import { currentDecision, legalActions, playerView, type GameState } from '@isle-of-trains/rules';
import { scenarioObjective } from '../src/cards';
import { viewFromState } from '@isle-of-trains/client';
import { decisionText, endModel, tableModel } from '../src/view-model';
import { apply, game, playUntil, rng, roomFromState } from './helpers';

/** JSON round trip drops undefined fields, so views compare by their JSON. */
const norm = (x: unknown) => JSON.parse(JSON.stringify(x));

describe('room state → PlayerView', () => {
  it('rebuilds exactly the rules view of the local seat, so legalActions agree', () => {
    let s: GameState = game();
    const r = rng(3);
    for (let step = 0; step < 60 && !s.gameOver; step++) {
      for (const seat of [0, 1]) {
        const v = viewFromState(roomFromState(s, seat), seat)!;
        expect(norm(v)).toEqual(norm(playerView(s, seat)));
        expect(legalActions(v, seat)).toEqual(legalActions(s, seat));
      }
      s = playUntil(s, () => false, () => false, 1, r);
    }
  });

  it('never shows another seat its neighbour’s hand', () => {
    const s = game();
    const v = viewFromState(roomFromState(s, 1), 1)!;
    expect(v.players[0].hand).toBeNull();
    expect(v.players[1].hand).toEqual(s.players[1].hand);
    expect(v.players[0].handCount).toBe(s.players[0].hand.length);
  });

  it('is null before the game starts', () => {
    const room = roomFromState(game(), 0, { phase: 'lobby', game: undefined });
    expect(viewFromState(room, 0)).toBeNull();
    expect(tableModel(room, 0)).toBeNull();
  });
});

describe('what the table shows', () => {
  it('shows whose turn it is and the actions left, in words', () => {
    const s = game();
    const mine = tableModel(roomFromState(s, 0), 0)!;
    expect(mine.header.isMyTurn).toBe(true);
    expect(mine.header.text).toMatch(/^Your turn: 2 actions left/);
    const theirs = tableModel(roomFromState(s, 1), 1)!;
    expect(theirs.header.isMyTurn).toBe(false);
    expect(theirs.header.text).toBe("Ada's turn: 2 actions left.");
    expect(theirs.hand).toEqual(s.players[1].hand);
  });

  it('gives every destination a colour, a symbol and a letter, and ticket rewards', () => {
    const m = tableModel(roomFromState(game(), 0), 0)!;
    expect(m.destinations).toHaveLength(6);
    for (const d of m.destinations) {
      expect(d.symbol.length).toBeGreaterThan(0);
      expect(d.letter).toMatch(/^[A-F]$/);
      expect(d.colourHex).toMatch(/^#/);
      expect(d.ticket).not.toBeNull();
      expect(d.ticket!.filled).toEqual([]);
      expect(d.ticket!.rewards[0].next).toBe(true);
      expect(d.ticket!.nextReward).toBe(d.ticket!.rewards[0].text);
    }
    expect(new Set(m.destinations.map((d) => d.letter)).size).toBe(6);
    expect(new Set(m.destinations.map((d) => d.symbol)).size).toBe(6);
    // 2 players: six islands, no Research Station.
    expect(m.islands.map((i) => i.id)).not.toContain('research');
    expect(m.islands.every((i) => i.onMap && i.heldBy === null)).toBe(true);
    expect(m.islands[0].primary).toMatch(/→ 3 pts$/);
    expect(m.progress).toEqual({ value: 0, threshold: 4, holder: null });
  });

  it('shows each train left to right with capacity and loads', () => {
    let s = game();
    const handCard = s.players[0].hand[0];
    // Ada loads a passenger into Brunel's engine: a passenger with a destination symbol appears there.
    const pid = s.players[0].supply[0];
    s = apply(s, { type: 'loadPassenger', passenger: pid, seat: 1, car: s.players[1].train[0].card });
    const m = tableModel(roomFromState(s, 1), 1)!;
    const seat = (n: number) => m.players.find((p) => p.seat === n)!;
    // Your own area comes first.
    expect(m.players.map((p) => p.seat)).toEqual([1, 0]);
    const engine = seat(1).train[0];
    expect(engine.isEngine).toBe(true);
    expect(engine.capacityText).toBe('passenger ×1');
    expect(engine.loads[0].kind).toBe('passenger');
    expect(engine.loads[0].passenger!.tag).toMatch(/^\S+ [A-Z]$/);
    expect(engine.free).toBe(0);
    expect(seat(0).supply).toHaveLength(s.players[0].supply.length);
    expect(seat(0).handCount).toBe(s.players[0].hand.length);
    expect(handCard).toBeDefined();
  });

  it('shows a face-down load\'s card to the player who loaded it, not to the car\'s owner', () => {
    let s = game();
    // Find a face-down load from Ada onto Brunel's train, playing until one is possible.
    s = playUntil(s, (x) => legalActions(x, currentDecision(x)!.seat).some((a) => a.type === 'loadCard' && a.faceDown && a.seat !== currentDecision(x)!.seat && currentDecision(x)!.kind === 'action'),
      () => false, 400);
    const d = currentDecision(s)!;
    const a = legalActions(s, d.seat).find((x) => x.type === 'loadCard' && x.faceDown && x.seat !== d.seat)!;
    expect(a).toBeDefined();
    s = apply(s, a, d.seat);
    if (a.type !== 'loadCard') throw new Error('unreachable');
    const owner = a.seat;
    const other = d.seat;
    const car = (viewer: number) => tableModel(roomFromState(s, viewer), viewer)!.players.find((p) => p.seat === owner)!.train.find((c) => c.card === a.car)!;
    const ownerSees = car(owner);
    const loaderSees = car(other);
    expect(loaderSees.loads.some((l) => l.faceDown && l.id === a.card)).toBe(true);
    expect(ownerSees.loads.some((l) => l.faceDown && l.id === null && /face down/.test(l.label))).toBe(true);
    expect(ownerSees.loads.some((l) => l.id === a.card)).toBe(false);
  });

  it('describes pending decisions plainly', () => {
    const name = (s: number) => ['Ada', 'Brunel'][s];
    expect(decisionText({ seat: 0, kind: 'pay', count: 2, reason: 'build', label: 'Hopper Level 2' }, 0, name))
      .toBe('You must pay 2 more cards for Hopper Level 2: pick cards from your hand.');
    expect(decisionText({ seat: 1, kind: 'handLimit', count: 1 }, 0, name)).toBe('Brunel must discard down to 5 cards (1 to go).');
    expect(decisionText({ seat: 1, kind: 'bonus', bonus: 'L', source: 'boxcar-2.1' }, 0, name)).toMatch(/^Brunel may take a bonus Load/);
    expect(decisionText(null, 0, name)).toBe('The game is over.');
  });
});

describe('end of the game', () => {
  it('breaks the score down per player and category with a winner', () => {
    const s = playUntil(game({ seed: 'end-test' }), (x) => x.gameOver);
    expect(s.gameOver).toBe(true);
    const room = roomFromState(s, 0);
    const m = tableModel(room, 0)!;
    expect(m.scores).not.toBeNull();
    const e = endModel(room, m.scores!, m.solo);
    expect(e.names).toEqual(['Ada', 'Brunel']);
    expect(e.rows.map((r) => r.label)).toContain('Contracts');
    for (let i = 0; i < 2; i++) expect(e.rows.reduce((n, r) => n + r.values[i], 0)).toBe(e.totals[i]);
    expect(e.headline).toMatch(/wins!|Shared victory/);
  });

  it('shows the chapter result in a solo scenario', () => {
    const s = playUntil(game({ players: 1, names: ['Solo'], mode: 'scenario', scenario: 4 }), (x) => x.gameOver);
    const room = roomFromState(s, 0);
    const m = tableModel(room, 0)!;
    expect(m.solo!.mode).toBe('scenario');
    const e = endModel(room, m.scores!, m.solo);
    expect(e.headline).toMatch(/^Chapter 4 (complete!|not completed)$/);
    expect(e.solo!.text).toContain('cars');
  });
});

describe('chapter objectives in our words', () => {
  it('describes every chapter with its special rules', () => {
    for (let ch = 1; ch <= 10; ch++) expect(scenarioObjective(ch)!.text.length).toBeGreaterThan(10);
    expect(scenarioObjective(7)!.text).toBe('Earn 50 points from buildings. No limit on buildings in this chapter.');
    expect(scenarioObjective(10)!.text).toMatch(/VP tokens count against you/);
    expect(scenarioObjective(11)).toBeNull();
  });
});
