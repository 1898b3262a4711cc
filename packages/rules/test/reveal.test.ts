/**
 * revealsHidden: the line a take-back may not cross. One test per kind of reveal, and the steps that
 * reveal nothing (what a player may take back), all through applyAction on constructed states.
 */
import { applyAction, card, currentDecision, revealsHidden, Action, GameState } from '../src';
import { act } from './helpers';
import { game, moveCard, setDisplay, setHand, snap, spare } from './fixtures';
import * as soloFx from './solo-fixtures';

/** Apply as the current decider; returns the new state and whether the step revealed anything. */
function step(s: GameState, a: Action): { after: GameState; revealed: boolean } {
  const d = currentDecision(s)!;
  const before = snap(s);
  const r = applyAction(s, d.seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  expect(s).toEqual(before); // revealsHidden is given the untouched input
  return { after: r.state, revealed: revealsHidden(s, r.state) };
}

/** A 2-player game at seat 0's first action with a hopper L1 and `n` more cards in hand. */
function withHopper(n = 2): { s: GameState; hopper: string; pay: string[] } {
  const s = game(2, 'reveal');
  const hopper = 'hopper-1.1';
  const pay = spare(s, n, [hopper]);
  setHand(s, 0, [hopper, ...pay]);
  return { s, hopper, pay };
}

describe('revealsHidden: steps that reveal something', () => {
  test('a card taken from the deck', () => {
    const { s } = withHopper();
    expect(step(s, { type: 'take', from: 'deck' }).revealed).toBe(true);
  });

  test('a passenger taken from the bag', () => {
    const { s } = withHopper();
    expect(s.bag.length).toBeGreaterThan(0);
    expect(step(s, { type: 'take', from: 'bag' }).revealed).toBe(true);
  });

  test('a reshuffle of the discard pile into a new deck', () => {
    const { s } = withHopper();
    // Empty deck, cards in the discard pile: the draw shuffles them first.
    s.discard.push(...s.deck.splice(0));
    const { after, revealed } = step(s, { type: 'take', from: 'deck' });
    expect(after.rng).not.toEqual(s.rng);
    expect(revealed).toBe(true);
  });

  test('the display refilled from the deck at the end of the turn', () => {
    const { s } = withHopper();
    const shown = [...s.display];
    setDisplay(s, shown);
    let t = step(s, { type: 'take', from: 'display', card: shown[0] });
    expect(t.revealed).toBe(false); // the first take only moves a card everyone saw
    t = step(t.after, { type: 'take', from: 'display', card: shown[1] });
    expect(t.after.turn.seat).toBe(1);
    expect(t.revealed).toBe(true);
  });

  test('solo: the night phase discards the deck top face up', () => {
    const s = soloFx.solo();
    soloFx.setHand(s, []);
    soloFx.ready(s);
    const [a, b] = s.display;
    let t = step(s, { type: 'take', from: 'display', card: a });
    expect(t.revealed).toBe(false);
    const u = t.after;
    t = step(u, { type: 'take', from: 'display', card: b });
    expect(t.after.turn.number).toBe(2);
    // The night discard: a card from the deck now lies face up on the discard pile.
    expect(t.after.discard).toHaveLength(u.discard.length + 1);
    expect(u.deck).toContain(t.after.discard[t.after.discard.length - 1]);
    expect(t.revealed).toBe(true);
  });

  test('solo: returning the discard top shows the card that lay under it', () => {
    const s = soloFx.solo();
    const [x, y] = soloFx.spare(s, 2);
    soloFx.moveCard(s, x, 'discard');
    soloFx.moveCard(s, y, 'discard');
    s.players[0].vp = 6;
    soloFx.ready(s);
    const first = step(s, { type: 'returnCard' });
    expect(first.after.discard).toEqual([x]);
    expect(first.revealed).toBe(true);
    // With one card left, returning it shows nothing new: the pile is empty afterwards.
    expect(step(first.after, { type: 'returnCard' }).revealed).toBe(false);
  });

  test('another seat\'s hand changed', () => {
    const { s } = withHopper();
    const after = snap(s);
    moveCard(after, spare(after, 1)[0], { hand: 1 });
    after.deck = [...s.deck]; // only the hand differs
    expect(revealsHidden(s, after)).toBe(true);
  });

  test('a face-down load leaves its car (delivered or scrapped): its card now lies face up on the discard pile', () => {
    const { s } = withHopper();
    const hidden = spare(s, 1)[0];
    s.deck = s.deck.filter((id) => id !== hidden);
    // Seat 0 loaded it face down on seat 1's engine: only seat 0 knew the card.
    s.players[1].train[0].loads.push({ kind: 'card', card: hidden, as: 'any', faceDown: true, by: 0 });
    const kept = snap(s);
    expect(revealsHidden(s, kept)).toBe(false);
    const after = snap(s);
    after.players[1].train[0].loads.pop();
    after.discard = [...after.discard, hidden];
    expect(revealsHidden(s, after)).toBe(true);
  });

  test('a car\'s load benefit that draws cards (Hopper L1: draw 3)', () => {
    const s = game(2, 'reveal');
    const hopper = 'hopper-1.1';
    const coal = s.deck.find((id) => id !== hopper && card(id).symbol === 'coal')!;
    // The benefit goes to whoever loads someone else's car: seat 1 owns the hopper.
    moveCard(s, hopper, { car: 1 });
    setHand(s, 0, [coal]);
    const loaded = step(s, { type: 'loadCard', card: coal, seat: 1, car: hopper });
    expect(loaded.after.players[0].hand).toHaveLength(3);
    expect(loaded.revealed).toBe(true);
  });
});

describe('revealsHidden: steps that reveal nothing (a player may take them back)', () => {
  test('a build and each card paid for it', () => {
    const { s, hopper, pay } = withHopper();
    const built = step(s, { type: 'build', card: hopper });
    expect(built.revealed).toBe(false);
    expect(currentDecision(built.after)).toMatchObject({ kind: 'pay', count: 1 });
    const paid = step(built.after, { type: 'discard', card: pay[0] });
    expect(paid.revealed).toBe(false);
    expect(paid.after.discard[paid.after.discard.length - 1]).toBe(pay[0]);
  });

  test('taking a card from the display as the first action', () => {
    const { s } = withHopper();
    expect(step(s, { type: 'take', from: 'display', card: s.display[0] }).revealed).toBe(false);
  });

  test('a state compared with itself', () => {
    const { s } = withHopper();
    expect(revealsHidden(s, snap(s))).toBe(false);
  });
});
