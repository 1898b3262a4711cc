/**
 * Pure functions from the room state (and the rules PlayerView the client package builds from it,
 * `viewFromState`) to the model of what the table shows. No DOM here: everything is unit-tested under jest.
 */
import {
  carAccepts, currentDecision, DESTINATIONS, ISLANDS, playerScore, scoreBreakdown, soloStatus, TICKETS,
  capacityOf, weightOf, buildingPoints, loadItemId,
  type Decision, type Load, type PlayerView, type ScoreBreakdown, type SoloStatus,
} from '@isle-of-trains/rules';
import {
  bonusText, capacityText, CARGO_LABEL, cardName, contractText, destinationInfo, goodsText, passengerInfo, placeName,
  rewardText, safeCard, scenarioObjective, shortName, ticketName, type DestinationInfo, type PassengerInfo,
} from './cards';
import { viewFromState, type GameJSON, type IsleStateJSON, type SeatInfoJSON } from '@isle-of-trains/client';

export function parseJson<T>(s: string | undefined | null): T | null {
  if (!s) return null;
  try {
    return JSON.parse(s) as T;
  } catch {
    return null;
  }
}

const arr = <T>(x: T[] | undefined | null): T[] => (Array.isArray(x) ? x : []);

/** The server's decision if it sent one, else the rules' reading of the view. */
export function decisionOf(room: IsleStateJSON, view: PlayerView | null): Decision | null {
  const g = room.game;
  if (!g || g.gameOver) return null;
  const d = parseJson<Decision | null>(g.decisionJson);
  if (d) return d;
  return view ? currentDecision(view) : null;
}

export function seatName(room: IsleStateJSON, seat: number): string {
  const fromGame = room.game?.players?.[seat]?.name;
  const fromSeat = room.seats?.[seat]?.name;
  return fromGame || fromSeat || `Player ${seat + 1}`;
}

/** "Your turn: 2 actions left", "Ada must pay 2 more cards for Hopper Level 2", … */
export function decisionText(d: Decision | null, mySeat: number | null, name: (s: number) => string): string {
  if (!d) return 'The game is over.';
  const mine = d.seat === mySeat;
  const who = mine ? 'You' : name(d.seat);
  const s = (n: number) => (n === 1 ? '' : 's');
  switch (d.kind) {
    case 'action':
      return mine
        ? `Your turn: ${d.actionsLeft} action${s(d.actionsLeft)} left.`
        : `${who}'s turn: ${d.actionsLeft} action${s(d.actionsLeft)} left.`;
    case 'bonus':
      return `${who} may take ${bonusText(d.bonus)} (from ${cardName(d.source) || d.source}), or skip it.`;
    case 'pay':
      return `${who} must pay ${d.count} more card${s(d.count)} for ${d.label}: ${mine ? 'pick cards from your hand' : 'choosing'}.`;
    case 'discard':
      return `${who} must discard ${d.count} card${s(d.count)} (${cardName(d.source) || d.source}).`;
    case 'handLimit':
      return `${who} must discard down to 5 cards (${d.count} to go).`;
    case 'delivery':
      return `${who} ${mine ? 'are' : 'is'} delivering at ${placeName(d.progress.at)}${d.progress.steps > 0 ? ` (${d.progress.steps} done)` : ''}.`;
  }
}

// ---------------------------------------------------------------------------------------------
// What the table shows

export interface LoadModel {
  /** Card or passenger id; null for another player's face-down card. */
  id: string | null;
  /** The id a delivery names it by: its own id, or its place (`face-down:<car>:<n>`) when face down. */
  itemId: string;
  kind: 'good' | 'passenger';
  /** coal / oil / box / any for goods. */
  cargo: string | null;
  faceDown: boolean;
  passenger: PassengerInfo | null;
  label: string;
}

export interface CarModel {
  card: string;
  name: string;
  short: string;
  category: string;
  level: number | null;
  isEngine: boolean;
  /** "coal ×2", "passengers ×1", "no loads" */
  capacityText: string;
  capacity: number;
  loads: LoadModel[];
  free: number;
}

export interface PlayerModel {
  seat: number;
  name: string;
  isMe: boolean;
  isTurn: boolean;
  kind: 'human' | 'bot' | 'empty';
  connected: boolean;
  botPlaying: boolean;
  handCount: number;
  vp: number;
  score: number;
  supply: PassengerInfo[];
  train: CarModel[];
  weight: number;
  capacity: number;
  buildings: { card: string; name: string; points: number }[];
  islands: { island: string; name: string; text: string; secondary: number | null }[];
  holdsProgressTrain: boolean;
}

export interface TicketModel {
  tile: string;
  tileName: string;
  filled: PassengerInfo[];
  rewards: { text: string; taken: boolean; next: boolean }[];
  nextReward: string | null;
  full: boolean;
}

export interface DestinationModel extends DestinationInfo {
  ticket: TicketModel | null;
}

export interface IslandModel {
  id: string;
  name: string;
  destination: DestinationInfo | null;
  primary: string;
  secondary: string[];
  onMap: boolean;
  /** Who holds this island card, and which secondary they completed (null = primary side up). */
  heldBy: { seat: number; name: string; secondary: number | null } | null;
  inGame: boolean;
}

export interface HeaderModel {
  turnSeat: number;
  turnName: string;
  isMyTurn: boolean;
  actionsLeft: number;
  turnNumber: number;
  decision: Decision | null;
  text: string;
  endText: string | null;
}

export interface TableModel {
  mySeat: number | null;
  phase: string;
  header: HeaderModel;
  islands: IslandModel[];
  destinations: DestinationModel[];
  progress: { value: number; threshold: number | null; holder: string | null };
  display: string[];
  deckCount: number;
  discardCount: number;
  discardTop: string | null;
  bagCount: number;
  players: PlayerModel[];
  hand: string[] | null;
  log: { n: number; seat: number; text: string }[];
  solo: SoloStatus | null;
  scores: ScoreBreakdown | null;
}

function loadModel(l: Load, itemId: string): LoadModel {
  if (l.kind === 'passenger') {
    const p = passengerInfo(l.id);
    return { id: l.id, itemId, kind: 'passenger', cargo: null, faceDown: false, passenger: p, label: p.label };
  }
  const cargo = l.as;
  const what = CARGO_LABEL[cargo] ?? cargo;
  const label = l.faceDown
    ? l.card ? `${what} (your ${cardName(l.card)}, face down)` : `${what} (a card face down)`
    : `${what} (${l.card ? cardName(l.card) : 'card'})`;
  return { id: l.card, itemId, kind: 'good', cargo, faceDown: l.faceDown, passenger: null, label };
}

export function carModel(c: { card: string; loads: Load[] }): CarModel {
  const def = safeCard(c.card);
  const acc = def ? carAccepts(def) : { capacity: 0 };
  return {
    card: c.card,
    name: cardName(c.card),
    short: shortName(c.card),
    category: def?.category ?? 'unknown',
    level: def?.level ?? null,
    isEngine: def?.category === 'engine',
    capacityText: capacityText(c.card),
    capacity: acc.capacity,
    loads: c.loads.map((l, i) => loadModel(l, loadItemId(c, i))),
    free: Math.max(0, acc.capacity - c.loads.length),
  };
}

function ticketModel(t: { tile: string; filled: string[] }): TicketModel {
  const def = TICKETS.find((x) => x.id === t.tile);
  const rewards = (def?.rewards ?? []).map((r, i) => ({ text: rewardText(r), taken: i < t.filled.length, next: i === t.filled.length }));
  const next = rewards.find((r) => r.next);
  return {
    tile: t.tile,
    tileName: ticketName(t.tile),
    filled: t.filled.map(passengerInfo),
    rewards,
    nextReward: next ? next.text : null,
    full: t.filled.length >= rewards.length && rewards.length > 0,
  };
}

function endText(g: GameJSON): string | null {
  if (g.gameOver) return null;
  if (g.endTriggered) {
    return g.finalTurnsLeft >= 0
      ? `The end is near: ${g.finalTurnsLeft} final turn${g.finalTurnsLeft === 1 ? '' : 's'} left.`
      : 'The end has been triggered: everyone gets one last turn.';
  }
  return null;
}

/** `given`: the seat's view when the caller has it (the session's, which is built once per state), else built here. */
export function tableModel(room: IsleStateJSON, mySeat: number | null, given?: PlayerView | null): TableModel | null {
  const view = given !== undefined ? given : viewFromState(room, mySeat ?? 'spectator');
  const g = room.game;
  if (!view || !g) return null;
  const name = (s: number) => seatName(room, s);
  const d = decisionOf(room, view);
  const seats: SeatInfoJSON[] = arr(room.seats);
  const header: HeaderModel = {
    turnSeat: view.turn.seat,
    turnName: name(view.turn.seat),
    isMyTurn: d !== null && d.seat === mySeat,
    actionsLeft: view.turn.actionsLeft,
    turnNumber: view.turn.number,
    decision: d,
    text: decisionText(d, mySeat, name),
    endText: endText(g),
  };

  const researchInGame = view.options.players === 4 || room.scenario === 6 || room.scenario === 8;
  const holders = new Map<string, { seat: number; secondary: number | null }>();
  for (const p of view.players) for (const h of p.islands) holders.set(h.island, { seat: p.seat, secondary: h.secondary });
  const islands: IslandModel[] = ISLANDS.filter((i) => i.id !== 'research' || researchInGame || view.islandsOnMap.includes('research') || holders.has('research'))
    .map((i) => {
      const h = holders.get(i.id);
      return {
        id: i.id,
        name: i.name,
        destination: i.destination ? destinationInfo(i.destination) : null,
        primary: contractText(i.primary),
        secondary: i.secondary.map(contractText),
        onMap: view.islandsOnMap.includes(i.id),
        heldBy: h ? { seat: h.seat, name: name(h.seat), secondary: h.secondary } : null,
        inGame: true,
      };
    });

  const destinations: DestinationModel[] = DESTINATIONS.map((dd) => {
    const t = view.tickets.find((x) => x.destination === dd.id);
    return { ...destinationInfo(dd.id)!, ticket: t ? ticketModel(t) : null };
  });

  const players: PlayerModel[] = view.players.map((p) => {
    const seat = seats[p.seat];
    let score = 0;
    try {
      score = playerScore(view, p.seat).total;
    } catch {
      score = 0;
    }
    return {
      seat: p.seat,
      name: name(p.seat),
      isMe: p.seat === mySeat,
      isTurn: p.seat === view.turn.seat && !view.gameOver,
      kind: (seat?.kind === 'bot' ? 'bot' : seat?.kind === 'empty' ? 'empty' : 'human') as PlayerModel['kind'],
      connected: seat ? seat.connected || seat.kind === 'bot' : true,
      botPlaying: !!seat?.botPlaying,
      handCount: p.handCount,
      vp: p.vp,
      score,
      supply: p.supply.map(passengerInfo),
      train: p.train.map(carModel),
      weight: weightOf(p.train),
      capacity: capacityOf(p.train),
      buildings: p.buildings.map((b) => ({ card: b, name: cardName(b), points: buildingPoints(view, p, b) })),
      islands: p.islands.map((h) => {
        const def = ISLANDS.find((i) => i.id === h.island);
        const text = !def ? h.island : h.secondary === null
          ? `primary done (${def.primary.vp} pts); secondary open`
          : `secondary done: ${goodsText(def.secondary[h.secondary].goods)} (${def.secondary[h.secondary].vp} pts)`;
        return { island: h.island, name: placeName(h.island), text, secondary: h.secondary };
      }),
      holdsProgressTrain: view.progressTrain === p.seat,
    };
  });

  // Your own area first, then the others in turn order after you.
  if (mySeat !== null && mySeat > 0 && mySeat < players.length) players.push(...players.splice(0, mySeat));
  const scores = parseJson<ScoreBreakdown>(room.scoresJson) ?? (view.gameOver ? scoreBreakdown(view) : null);
  const solo = parseJson<SoloStatus>(room.soloJson) ?? soloStatus(view);
  return {
    mySeat,
    phase: room.phase,
    header,
    islands,
    destinations,
    progress: {
      value: view.progress,
      threshold: view.progressThreshold,
      holder: view.progressTrain !== null ? name(view.progressTrain) : null,
    },
    display: view.display,
    deckCount: view.deckCount,
    discardCount: view.discardCount,
    discardTop: view.discardTop,
    bagCount: view.bagCount,
    players,
    hand: mySeat !== null ? view.players[mySeat]?.hand ?? null : null,
    log: arr(room.log).map((l) => ({ n: l.n, seat: l.seat, text: l.text })),
    solo,
    scores,
  };
}

// ---------------------------------------------------------------------------------------------
// End screen

export const SCORE_CATEGORIES: { key: 'tokens' | 'trainCars' | 'contracts' | 'loaded' | 'progressTrain' | 'buildings'; label: string }[] = [
  { key: 'trainCars', label: 'Train cars' },
  { key: 'contracts', label: 'Contracts' },
  { key: 'buildings', label: 'Buildings' },
  { key: 'tokens', label: 'VP tokens' },
  { key: 'loaded', label: 'Loaded goods & passengers' },
  { key: 'progressTrain', label: 'Train of Progress' },
];

export interface EndModel {
  rows: { label: string; values: number[] }[];
  totals: number[];
  names: string[];
  winners: string[];
  headline: string;
  tieBreak: string | null;
  solo: { title: string; outcome: string; text: string } | null;
  rating: string | null;
  /** Why the game ended, in words. */
  reason: string | null;
}

const END_REASONS: Record<string, string> = {
  progress: 'The progress track reached its last space.',
  cards: 'The deck and the discard pile ran out.',
  'deck-empty': 'The deck ran out.',
  objective: 'The chapter objective was reached.',
};

export function endModel(room: IsleStateJSON, scores: ScoreBreakdown, solo: SoloStatus | null): EndModel {
  const names = scores.players.map((p) => seatName(room, p.seat));
  const rows = SCORE_CATEGORIES.map((c) => ({ label: c.label, values: scores.players.map((p) => p[c.key]) }));
  const totals = scores.players.map((p) => p.total);
  const winners = scores.winners.map((s) => seatName(room, s));
  const tieBreak = {
    score: null,
    'longest-train': 'Tied on points: the longest train wins.',
    'train-points': 'Tied on points and train length: the most points from train cars wins.',
    shared: 'A perfect tie: the victory is shared.',
  }[scores.decidedBy];
  let headline: string;
  let soloModel: EndModel['solo'] = null;
  if (scores.players.length === 1) {
    const total = totals[0];
    if (solo && solo.mode === 'scenario') {
      const won = solo.outcome === 'won';
      headline = won ? `Chapter ${solo.chapter} complete!` : `Chapter ${solo.chapter} not completed`;
      soloModel = { title: `Chapter ${solo.chapter}: ${solo.title}`, outcome: solo.outcome, text: `${scenarioObjective(solo.chapter ?? 0)?.text ?? solo.objective} Reached: ${solo.label}.` };
    } else {
      headline = `You scored ${total} points`;
      soloModel = { title: 'The Challenge', outcome: solo?.outcome ?? 'finished', text: `Rating: ${scores.rating ?? '—'}` };
    }
  } else {
    headline = winners.length === 1 ? `${winners[0]} wins!` : `Shared victory: ${winners.join(' and ')}`;
  }
  const reason = room.game?.resultReason ? END_REASONS[room.game.resultReason] ?? null : null;
  return { rows, totals, names, winners, headline, tieBreak, solo: soloModel, rating: scores.rating, reason };
}

/** The card-level detail rows under the score table: each building's points. */
export function buildingBreakdown(scores: ScoreBreakdown): { seat: number; text: string }[] {
  return scores.players.flatMap((p) => p.buildingDetail.map((b) => ({ seat: p.seat, text: `${cardName(b.card)}: ${b.points}` })));
}
