import { applyAction, currentDecision, legalActions, type Action, type GameState } from '@isle-of-trains/rules';
import { buildReplay, turnStarts } from '../src/isle/replay';
import { apply, game, rng } from './helpers';

describe('replay viewer model', () => {
  it('plays the seed and moves again to the same states, one per move, with the log so far', () => {
    const options = { players: 2, seed: 'replay-viewer', names: ['Ada', 'Brunel'] };
    let s = game(options);
    const actions: { seat: number; action: Action }[] = [];
    const r = rng(3);
    const states = [s];
    for (let i = 0; i < 120 && !s.gameOver; i++) {
      const d = currentDecision(s)!;
      const legal = legalActions(s, d.seat).filter((a) => a.type !== 'returnCard');
      const action = legal[Math.floor(r() * legal.length)];
      s = apply(s, action, d.seat);
      actions.push({ seat: d.seat, action });
      states.push(s);
    }
    const m = buildReplay({ roomId: 'r1', options, actions });
    expect(m.brokenAt).toBeNull();
    expect(m.states).toHaveLength(actions.length + 1);
    expect(m.states[m.states.length - 1]).toEqual(s);
    expect(m.states[37]).toEqual(states[37]);
    // The log only grows, with stable numbers: the rules' events numbered 1, 2, 3…, as a restarted server numbers them.
    expect(m.logLength[0]).toBe(0);
    expect(m.logLength).toEqual([...m.logLength].sort((x, y) => x - y));
    m.lines.forEach((e, j) => expect(e.n).toBe(j + 1));
    const events = actions.reduce<{ s: GameState; texts: string[] }>((acc, { seat, action }) => {
      const res = applyAction(acc.s, seat, action);
      if (!res.ok) throw new Error(res.error.code);
      return { s: res.state, texts: [...acc.texts, ...res.events.map((e) => e.text)] };
    }, { s: game(options), texts: [] });
    expect(m.lines.map((e) => e.text)).toEqual(events.texts);
    expect(m.logLength[m.logLength.length - 1]).toBe(m.lines.length);
    const turns = turnStarts(m.states);
    expect(turns[0]).toEqual({ turn: m.states[0].turn.number, index: 0 });
    expect(turns.every((t, i) => i === 0 || t.turn > turns[i - 1].turn)).toBe(true);
  });

  it('stops at a move the rules refuse instead of showing a made-up game', () => {
    const options = { players: 2, seed: 'replay-broken', names: ['Ada', 'Brunel'] };
    const m = buildReplay({ roomId: 'r2', options, actions: [{ seat: 1, action: { type: 'take', from: 'deck' } }] });
    expect(m.brokenAt).toBe(1);
    expect(m.states).toHaveLength(1);
  });
});
