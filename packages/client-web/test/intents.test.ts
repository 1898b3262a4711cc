import { card, currentDecision, legalActions, playerView, type Action, type GameState } from '@isle-of-trains/rules';
import { NONE, nextQueued, normalise, offer, pick, quickDeliveries, targetKey, type Selection } from '../src/intents';
import { apply, game, playUntil, rng } from './helpers';

const key = (a: Action) => JSON.stringify(a);

/** Every action reachable by clicking from the first step (depth-first over selections). */
function reachable(s: GameState, seat: number): Set<string> {
  const v = playerView(s, seat);
  const d = currentDecision(v);
  const legal = legalActions(v, seat);
  const out = new Set<string>();
  const seen = new Set<string>();
  const walk = (sel: Selection, depth: number) => {
    const id = JSON.stringify(sel);
    if (seen.has(id) || depth > 6) return;
    seen.add(id);
    const o = offer(legal, sel, v, seat, d);
    for (const k of [...Object.keys(o.targets), ...o.buttons.map((b) => b.key)]) {
      const r = pick(o, k, sel);
      if (r.send) out.add(key(r.send));
      else walk(r.selection, depth + 1);
    }
  };
  walk(NONE, 0);
  return out;
}

describe('intents from selections', () => {
  it('offers take, draw and passenger targets, and hand cards to select', () => {
    const s = game();
    const v = playerView(s, 0);
    const legal = legalActions(v, 0);
    const o = offer(legal, NONE, v, 0, currentDecision(v));
    for (const c of s.display) expect(o.targets[targetKey({ t: 'display', card: c })].hint).toBe('Take');
    expect(o.targets.deck).toBeDefined();
    expect(o.targets.bag.hint).toBe('Draw a passenger');
    expect(pick(o, 'deck', NONE).send).toEqual({ type: 'take', from: 'deck' });
    // Nothing to deliver yet: destinations are not offered.
    expect(Object.keys(o.targets).some((k) => k.startsWith('destination:'))).toBe(false);
  });

  it('builds a load from a hand card then a highlighted car', () => {
    const other = (a: Action, me: number) => a.type === 'loadCard' && a.seat !== me && !a.faceDown;
    const s = playUntil(game(), (x) => {
      const d = currentDecision(x)!;
      return d.kind === 'action' && legalActions(x, d.seat).some((a) => other(a, d.seat));
    }, () => false, 400);
    const d = currentDecision(s)!;
    const me = d.seat;
    const v = playerView(s, me);
    const legal = legalActions(v, me);
    const load = legal.find((a) => other(a, me)) as Extract<Action, { type: 'loadCard' }>;
    expect(load).toBeDefined();
    const first = pick(offer(legal, NONE, v, me, d), targetKey({ t: 'hand', card: load.card }), NONE);
    expect(first.send).toBeNull();
    expect(first.selection).toEqual({ kind: 'card', card: load.card });
    const o2 = offer(legal, first.selection, v, me, d);
    expect(o2.canCancel).toBe(true);
    const second = pick(o2, targetKey({ t: 'car', seat: load.seat, car: load.car }), first.selection);
    // Nothing is sent yet: a confirm step names the owner and the reward.
    expect(second.send).toBeNull();
    expect(second.selection.kind).toBe('confirm');
    const o3 = offer(legal, second.selection, v, me, d);
    expect(o3.prompt).toMatch(new RegExp(`^Load .* into ${v.players[load.seat].name}'s `));
    expect(o3.prompt).toMatch(/draw \d/);
    expect(o3.canCancel).toBe(true);
    expect(pick(o3, 'cancel', second.selection)).toEqual({ selection: NONE, send: null, then: [] });
    const third = pick(o3, 'confirm', second.selection);
    expect(third.send).toEqual(load);
    expect(third.selection).toEqual(NONE);
    // Cancel returns to the first step.
    expect(pick(o2, 'cancel', first.selection)).toEqual({ selection: NONE, send: null, then: [] });
  });

  it('offers nothing when it is not my decision', () => {
    const s = game();
    const v = playerView(s, 1);
    const o = offer(legalActions(v, 1), NONE, v, 1, currentDecision(v));
    expect(Object.keys(o.targets)).toHaveLength(0);
    expect(o.buttons).toHaveLength(0);
  });

  it('pays for a build by picking hand cards', () => {
    let s = game({ seed: 'pay-seed' });
    s = playUntil(s, (x) => currentDecision(x)!.kind === 'pay', (a) => a.type === 'build', 200);
    const d = currentDecision(s)!;
    expect(d.kind).toBe('pay');
    const v = playerView(s, d.seat);
    const legal = legalActions(v, d.seat);
    const o = offer(legal, NONE, v, d.seat, d);
    expect(o.prompt).toMatch(/^Pay for /);
    const c = s.players[d.seat].hand[0];
    expect(pick(o, targetKey({ t: 'hand', card: c }), NONE).send).toEqual({ type: 'discard', card: c });
  });

  it('every copy of an offered card answers a click: the same move, or a selection of the copy clicked', () => {
    const face = (id: string) => `${card(id).kind}/${card(id).symbol}`;
    const twins = (hand: readonly string[]) => hand.filter((c, i) => hand.findIndex((x) => face(x) === face(c)) !== i);
    let checked = 0;
    for (const seed of ['copies-1', 'copies-2', 'copies-3', 'copies-4']) {
      let s = game({ seed });
      for (let round = 0; round < 6 && !s.gameOver; round++) {
        s = playUntil(s, (x) => { const d = currentDecision(x); return !!d && ['action', 'pay', 'handLimit'].includes(d.kind) && twins(x.players[d.seat].hand).length > 0; }, () => false, 300, round + 1);
        const d = currentDecision(s);
        if (!d || s.gameOver) break;
        const v = playerView(s, d.seat);
        const legal = legalActions(v, d.seat);
        const o = offer(legal, NONE, v, d.seat, d);
        const hand = s.players[d.seat].hand;
        for (const copy of twins(hand)) {
          const first = hand.find((x) => face(x) === face(copy))!;
          // The rules name only the first copy; the table offers both, the same way.
          expect(legal.some((a) => 'card' in a && a.card === copy)).toBe(false);
          const a = pick(o, targetKey({ t: 'hand', card: first }), NONE);
          const b = pick(o, targetKey({ t: 'hand', card: copy }), NONE);
          expect(b.send).toEqual(a.send);
          if (a.selection.kind === 'card') {
            expect(b.selection).toEqual({ kind: 'card', card: copy });
            // Selected, the copy offers what the first copy offers.
            const oa = offer(legal, a.selection, v, d.seat, d);
            const ob = offer(legal, b.selection, v, d.seat, d);
            expect(ob.buttons.map((x) => x.label)).toEqual(oa.buttons.map((x) => x.label));
            expect(Object.keys(ob.targets)).toEqual(Object.keys(oa.targets));
          } else {
            expect(b.selection).toEqual(a.selection);
          }
          checked++;
        }
        s = apply(s, legal[0], d.seat);
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('drops a selection that no longer offers anything', () => {
    const s = game();
    const v = playerView(s, 0);
    const legal = legalActions(v, 0);
    const stale: Selection = { kind: 'card', card: 'not-a-card.1' };
    expect(normalise(legal, stale, v, 0, currentDecision(v))).toEqual(NONE);
    const ok: Selection = { kind: 'card', card: s.players[0].hand[0] };
    expect(normalise(legal, ok, v, 0, currentDecision(v))).toEqual(ok);
  });

  it('reaches exactly the legal actions, every decision of whole random games', () => {
    let checked = 0;
    const kinds = new Set<string>();
    for (const [players, seed] of [[2, 'walk-a'], [3, 'walk-b'], [4, 'walk-c'], [1, 'walk-d']] as const) {
      const r = rng(players * 31);
      let s = game({ players, seed, names: undefined, ...(players === 1 ? { mode: 'scenario', scenario: 6 } : {}) });
      for (let i = 0; i < 400 && !s.gameOver; i++) {
        const d = currentDecision(s)!;
        const legal = legalActions(s, d.seat);
        const got = reachable(s, d.seat);
        expect([...got].sort()).toEqual(legal.map(key).sort());
        kinds.add(d.kind);
        checked++;
        s = playUntil(s, () => false, () => false, 1, r);
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(kinds).toEqual(expect.objectContaining(new Set(['action', 'pay'])));
    expect(kinds.has('delivery')).toBe(true);
  });

  it('walks a delivery: destination, then steps, then end', () => {
    let s = game({ seed: 'deliver-walk' });
    s = playUntil(s, (x) => currentDecision(x)!.kind === 'delivery', (a) => a.type === 'deliver', 400);
    const d = currentDecision(s)!;
    expect(d.kind).toBe('delivery');
    const v = playerView(s, d.seat);
    const legal = legalActions(v, d.seat);
    const o = offer(legal, NONE, v, d.seat, d);
    expect(o.prompt).toMatch(/^Delivering at /);
    const item = Object.keys(o.targets).find((k) => k.startsWith('item:'))!;
    expect(item).toBeDefined();
    const r = pick(o, item, NONE);
    let sel = r.selection;
    let action = r.send;
    for (let i = 0; i < 3 && !action; i++) {
      const oo = offer(legal, sel, v, d.seat, d);
      const rr = pick(oo, oo.buttons[0].key, sel);
      action = rr.send;
      sel = rr.selection;
    }
    expect(action).not.toBeNull();
    s = apply(s, action!, d.seat);
    const d2 = currentDecision(s)!;
    if (d2.kind === 'delivery') {
      const v2 = playerView(s, d2.seat);
      const o2 = offer(legalActions(v2, d2.seat), NONE, v2, d2.seat, d2);
      expect(o2.buttons.map((b) => b.label)).toContain('End delivery');
    }
  });
});

describe('deliveries in one choice', () => {
  /** A main-action decision where a destination offers a ticket or a contract (not only special deliveries). */
  function withQuickDelivery(): GameState {
    const quickAt = (s: GameState) => {
      const d = currentDecision(s)!;
      if (d.kind !== 'action') return false;
      const v = playerView(s, d.seat);
      return legalActions(v, d.seat).some((a) => a.type === 'deliver' && quickDeliveries(v, d.seat, a.at).length > 0);
    };
    return playUntil(game({ seed: 'quick-deliver' }), quickAt, (a) => a.type === 'loadPassenger' || a.type === 'take' && a.from === 'bag', 3000);
  }

  it('each destination says what a delivery there would do and earn; one choice and one Confirm send it, then end the delivery', () => {
    let s = withQuickDelivery();
    const d = currentDecision(s)!;
    const seat = d.seat;
    const v = playerView(s, seat);
    const legal = legalActions(v, seat);
    const o = offer(legal, NONE, v, seat, d);
    const quickKey = Object.keys(o.targets).find((k) => k.startsWith('quick:'))!;
    expect(quickKey).toBeDefined();
    const at = quickKey.split(':')[1];
    // The label names the step and its reward ("Deliver the passenger for … to the ticket at …: draw 2").
    expect(o.targets[quickKey].hint).toMatch(/: /);
    expect(o.targets[quickKey].hint).not.toMatch(/^Special/);
    // A destination where only a special delivery is possible says so, and is not marked like the others.
    for (const a of legal) {
      if (a.type !== 'deliver' || quickDeliveries(v, seat, a.at).length > 0) continue;
      expect(o.targets[`destination:${a.at}`].hint).toMatch(/^Special only: draw \d/);
      expect(o.targets[`destination:${a.at}`].variant).toBe('extra');
    }
    // One choice: the confirm tray; one Confirm: the delivery goes, its step and the end queued after it.
    const chosen = pick(o, quickKey, NONE);
    expect(chosen.send).toBeNull();
    expect(chosen.selection.kind).toBe('confirm');
    const tray = offer(legal, chosen.selection, v, seat, d);
    expect(tray.prompt).toMatch(/^(Deliver the|Primary contract|Secondary contract).*\?$/);
    const sent = pick(tray, 'confirm', chosen.selection);
    expect(sent.send).toEqual({ type: 'deliver', at });
    expect(sent.then.map((a) => a.type)).toContain('endDelivery');
    // Played through the rules as the page sends them: each queued move is legal when its turn comes.
    s = apply(s, sent.send!, seat);
    let queue = sent.then;
    const progress = s.players[seat].vp + s.players[seat].hand!.length + s.tickets.reduce((n, t) => n + t.filled.length, 0) + s.players[seat].islands.length;
    for (let i = 0; i < 3 && queue.length > 0; i++) {
      const next = nextQueued(queue, legalActions(playerView(s, seat), seat));
      // The page drops what is left once the state has come and the next move is not legal (the delivery ended by itself).
      queue = next.send ? next.rest : [];
      if (next.send) s = apply(s, next.send, seat);
    }
    expect(queue).toEqual([]);
    const after = s.players[seat].vp + s.players[seat].hand!.length + s.tickets.reduce((n, t) => n + t.filled.length, 0) + s.players[seat].islands.length;
    expect(after).toBeGreaterThan(progress);
  });

  it('the end of a delivery is not sent while a ticket or contract is still possible there', () => {
    const deliverTicket = { type: 'deliverTicket', passenger: 'p-x' } as Action;
    expect(nextQueued([{ type: 'endDelivery' }], [deliverTicket, { type: 'endDelivery' }])).toEqual({ send: null, rest: [] });
    expect(nextQueued([{ type: 'endDelivery' }], [{ type: 'deliverSpecial', item: 'x' }, { type: 'endDelivery' }]).send).toEqual({ type: 'endDelivery' });
    // Not legal yet (the new state has not arrived): it stays queued.
    expect(nextQueued([deliverTicket], [{ type: 'take', from: 'deck' }])).toEqual({ send: null, rest: [deliverTicket] });
  });
});

describe('no traps', () => {
  /** Every button and target label reachable at one decision, with the action each finally sends. */
  function labelled(s: GameState, seat: number): { label: string; action: Action | null; viaConfirm: boolean }[] {
    const v = playerView(s, seat);
    const d = currentDecision(v);
    const legal = legalActions(v, seat);
    const out: { label: string; action: Action | null; viaConfirm: boolean }[] = [];
    const walk = (sel: Selection, depth: number) => {
      if (depth > 5) return;
      const o = offer(legal, sel, v, seat, d);
      for (const b of o.buttons) {
        const r = pick(o, b.key, sel);
        out.push({ label: b.label, action: r.send, viaConfirm: sel.kind === 'confirm' });
        if (!r.send && b.key !== 'cancel') walk(r.selection, depth + 1);
      }
      for (const k of Object.keys(o.targets)) {
        const r = pick(o, k, sel);
        if (!r.send) walk(r.selection, depth + 1);
        else out.push({ label: o.targets[k].hint, action: r.send, viaConfirm: sel.kind === 'confirm' });
      }
    };
    walk(NONE, 0);
    return out;
  }

  it('builds, loads and deliveries are only sent from a Confirm button; buttons at one step never repeat', () => {
    const r = rng(5);
    let s = game({ seed: 'traps' });
    const committing = new Set(['build', 'loadCard', 'loadPassenger', 'deliver', 'deliverPrimary', 'deliverSecondary', 'deliverTicket', 'deliverSpecial']);
    const seenTypes = new Set<string>();
    for (let i = 0; i < 250 && !s.gameOver; i++) {
      const d = currentDecision(s)!;
      for (const x of labelled(s, d.seat)) {
        if (x.action && committing.has(x.action.type)) {
          expect(x.viaConfirm).toBe(true);
          seenTypes.add(x.action.type);
        }
      }
      const v = playerView(s, d.seat);
      const legal = legalActions(v, d.seat);
      // One button per distinct choice: no two buttons of one step say the same thing.
      const walkLabels = (sel: Selection, depth: number) => {
        if (depth > 3) return;
        const o = offer(legal, sel, v, d.seat, d);
        const labels = o.buttons.map((b) => b.label);
        expect(new Set(labels).size).toBe(labels.length);
        for (const k of Object.keys(o.targets)) {
          const p = pick(o, k, sel);
          if (!p.send && p.selection.kind !== 'confirm') walkLabels(p.selection, depth + 1);
        }
      };
      walkLabels(NONE, 0);
      s = playUntil(s, () => false, () => false, 1, r);
    }
    expect(seenTypes).toEqual(expect.objectContaining(new Set(['build', 'deliver'])));
  });

  it('a load onto another train names its owner and the reward: "Load … into Brunel\'s Tanker L2: draw 3"', () => {
    // A deal and moment where the player to move can load onto the other player's car that draws cards.
    const loadsOnto = (x: GameState): Action[] => {
      const d = currentDecision(x)!;
      return legalActions(x, d.seat).filter((a) => (a.type === 'loadCard' || a.type === 'loadPassenger') && a.seat !== d.seat && (card(a.car).benefit?.draw ?? 0) > 0);
    };
    const s = playUntil(game({ seed: 'owner-reward' }), (x) => loadsOnto(x).length > 0, () => false, 3000);
    const wanted = loadsOnto(s);
    expect(wanted.length).toBeGreaterThan(0);
    const d = currentDecision(s)!;
    const v = playerView(s, d.seat);
    const legal = legalActions(v, d.seat);
    // What the confirm tray says for each action, reached by clicking as a player does.
    const prompts = new Map<string, string>();
    const walk = (sel: Selection, depth: number) => {
      if (depth > 4) return;
      const o = offer(legal, sel, v, d.seat, currentDecision(v));
      if (sel.kind === 'confirm') { prompts.set(key(sel.action), o.prompt); return; }
      for (const k of [...Object.keys(o.targets), ...o.buttons.map((b) => b.key)]) {
        const r = pick(o, k, sel);
        if (!r.send && k !== 'cancel') walk(r.selection, depth + 1);
      }
    };
    walk(NONE, 0);
    const owner = s.players.find((p) => p.seat !== d.seat)!.name;
    for (const a of wanted) {
      if (a.type !== 'loadCard' && a.type !== 'loadPassenger') continue;
      const draw = card(a.car).benefit!.draw!;
      const words = prompts.get(key(a));
      expect(words).toBeDefined();
      const car = `${card(a.car).category[0].toUpperCase()}${card(a.car).category.slice(1)} L${card(a.car).level}`;
      expect(words).toMatch(new RegExp(`^(Load .+ into|Seat the .+ in) ${owner}'s ${car}: draw (\\d+)`));
      expect(Number(/: draw (\d+)/.exec(words!)![1])).toBeGreaterThanOrEqual(draw);
    }
  });

  it('names the bonus in the prompt', () => {
    const s = playUntil(game({ seed: 'bonus-prompt' }), (x) => currentDecision(x)!.kind === 'bonus', () => false, 3000);
    const d = currentDecision(s)!;
    expect(d.kind).toBe('bonus');
    const v = playerView(s, d.seat);
    const o = offer(legalActions(v, d.seat), NONE, v, d.seat, d);
    expect(o.prompt).toMatch(/^Bonus: a bonus (action|Load|Build|Deliver)/);
    expect(o.buttons.find((b) => b.key === 'skip')?.label).toMatch(/^Skip a bonus/);
  });
});
