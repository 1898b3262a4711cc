/** Solo objectives: what each scenario chapter asks, and how far the player has come. */
import { card, island as islandDef, Objective } from './catalogue';
import { playerScore } from './score';
import { isSolo, scenarioOf, Table } from './table';
import type { SoloOutcome } from './types';

export interface SoloStatus {
  mode: 'challenge' | 'scenario';
  chapter: number | null;
  title: string;
  /** What the chapter asks, in words. */
  objective: string;
  /** Progress toward the objective (for the Challenge: the current score). */
  current: number;
  target: number | null;
  /** Short text for the UI, e.g. "buildings 2/4". */
  label: string;
  outcome: SoloOutcome;
  deckCount: number;
}

function objectiveText(o: Objective): string {
  switch (o.kind) {
    case 'contracts': return `Complete the primary and a secondary contract of ${o.islands.map((i) => islandDef(i).name).join(', ')}.`;
    case 'buildings': return `Own ${o.count} buildings.`;
    case 'score': return `Reach ${o.points} points.`;
    case 'cars': return `Have ${o.count} cars in your train, not counting the engine.`;
    case 'ticketsFilled': return `Fill ${o.count} ticket tiles with passengers.`;
    case 'buildingPoints': return `Score ${o.points} points from buildings.`;
    case 'primaries': return `Complete the primary contract of all ${o.count} island cards.`;
    case 'level3': return 'Have a Level 3 Engine and Level 3 cars of four kinds: hopper, tanker, boxcar and coach.';
  }
}

/** [current, target, label] of an objective for the solo player. */
function measure(t: Table, o: Objective): [number, number, string] {
  const p = t.players[0];
  switch (o.kind) {
    case 'contracts': {
      // A contract pair counts once its island card has been flipped to a secondary.
      const done = o.islands.filter((i) => p.islands.some((h) => h.island === i && h.secondary !== null)).length;
      return [done, o.islands.length, `contracts ${done}/${o.islands.length}`];
    }
    case 'buildings':
      return [p.buildings.length, o.count, `buildings ${p.buildings.length}/${o.count}`];
    case 'score': {
      const s = playerScore(t, 0).total;
      return [s, o.points, `points ${s}/${o.points}`];
    }
    case 'cars': {
      const n = p.train.length - 1;
      return [n, o.count, `cars ${n}/${o.count}`];
    }
    case 'ticketsFilled': {
      const n = t.tickets.filter((x) => x.filled.length >= 3).length;
      return [n, o.count, `ticket tiles filled ${n}/${o.count}`];
    }
    case 'buildingPoints': {
      const n = playerScore(t, 0).buildings;
      return [n, o.points, `building points ${n}/${o.points}`];
    }
    case 'primaries': {
      const n = p.islands.length;
      return [n, o.count, `island cards ${n}/${o.count}`];
    }
    case 'level3': {
      const engine = card(p.train[0].card).level === 3 ? 1 : 0;
      const cats = o.categories.filter((c) => p.train.some((x) => card(x.card).category === c && card(x.card).level === 3)).length;
      return [engine + cats, o.categories.length + 1, `Level 3 engine ${engine}/1, Level 3 cars ${cats}/${o.categories.length}`];
    }
  }
}

export function soloObjectiveMet(t: Table): boolean {
  const sc = scenarioOf(t);
  if (!sc) return false;
  const [cur, target] = measure(t, sc.objective);
  return cur >= target;
}

export function soloStatus(t: Table): SoloStatus | null {
  if (!isSolo(t)) return null;
  const sc = scenarioOf(t);
  const deck = t.kind === 'state' ? t.deck.length : t.deckCount;
  const outcome: SoloOutcome = t.result?.solo ?? 'playing';
  if (!sc) {
    const total = playerScore(t, 0).total;
    return { mode: 'challenge', chapter: null, title: 'The Challenge', objective: 'Score as many points as you can before the deck runs out.', current: total, target: null, label: `points ${total}`, outcome, deckCount: deck };
  }
  const [current, target, label] = measure(t, sc.objective);
  return { mode: 'scenario', chapter: sc.chapter, title: sc.title, objective: objectiveText(sc.objective), current, target, label, outcome, deckCount: deck };
}
