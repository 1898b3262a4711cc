/**
 * The second game's `game` part as it travels, and the one mapping each way between it and its JSON form
 * ({@link TtrGameJSON}). As for Isle (../wire.ts), small records that change as a whole travel as JSON text
 * (the discard counts, a bonus card's standing, what a seat shows at the end, the pending decisions, the
 * final count) rather than as schema objects, which cost the server far more to track than a string; so do
 * a seat's kept tickets and its offer, short lists that change a few times a game (a list is a schema object
 * too: about 0.9 KB a room each, two a seat). Hands
 * travel as nine counts in ttr-rules' `CARDS` order, so a card drawn changes one number; the claims as one
 * number per route, so a claim sends one entry. Pure, and without zod or the SDK.
 */
import { CARDS, emptyHand, type BonusCardId, type Decision, type Hand, type ScoreBreakdown } from '@isle-of-trains/ttr-rules';
import type { TtrBonusJSON, TtrGameJSON, TtrPlayerJSON, TtrShownJSON, TtrStateJSON, TtrTurnJSON } from './state';
import type { LogEntryJSON } from '../state';
import { logLineFromWire, logNames, spectatorsFromWire, type IsleStateWire } from '../wire';
import type { LogCodec } from '../log-wire';
import { TTR_LOG_TEMPLATES } from './log-templates';

/** A player as it travels. */
export interface TtrPlayerWire extends Omit<TtrPlayerJSON, 'hand' | 'tickets' | 'offer' | 'shown'> {
  /** Owner only: nine counts in `CARDS` order (purple, blue, orange, white, green, yellow, black, red, loco); empty for everyone else. */
  hand: number[];
  /** Owner only: JSON array of the kept ticket ids, in the order kept (absent for everyone else). */
  ticketsJson: string;
  /** Owner only: JSON array of the ticket ids on offer, `[]` when not choosing (absent for everyone else). */
  offerJson: string;
  /** '' while the game runs, then the JSON object `{"hand","tickets"}` (a {@link TtrShownJSON}). */
  shownJson: string;
}

/** The `game` part as it travels (what the server's schema mirror encodes). */
export interface TtrGameWire extends Omit<TtrGameJSON, 'discardCounts' | 'display' | 'bonus' | 'players' | 'turn' | 'pending' | 'scores'> {
  /** JSON object card → count. */
  discardCountsJson: string;
  display: string[];
  /** One JSON object per bonus card in play, `{"card","measures","leaders"}` (a {@link TtrBonusJSON}). */
  bonusJson: string[];
  players: TtrPlayerWire[];
  turn: { seat: number; number: number; step: string };
  /** JSON array of ttr-rules `Decision`s. */
  pendingJson: string;
  /** '' while the game runs, then the JSON of ttr-rules' `ScoreBreakdown`. */
  scoresJson: string;
}

// ------------------------------------------------------------------ server side: JSON → wire

function handWire(h: Hand | undefined): number[] {
  return h ? CARDS.map((c) => h[c]) : [];
}

/** Hand fields in `CARDS` order, so the text is the same whatever order the object was built in. */
function handText(h: Hand): string {
  const out: Record<string, number> = {};
  for (const c of CARDS) out[c] = h[c];
  return JSON.stringify(out);
}

function playerWire(p: TtrPlayerJSON): TtrPlayerWire {
  const { hand, tickets, offer, shown, ...rest } = p;
  return {
    ...rest,
    hand: handWire(hand),
    ticketsJson: JSON.stringify(tickets ?? []),
    offerJson: JSON.stringify(offer ?? []),
    shownJson: shown ? `{"hand":${handText(shown.hand)},"tickets":${JSON.stringify(shown.tickets)}}` : '',
  };
}

/** The `game` part as it travels. */
export function ttrGameWire(g: TtrGameJSON): TtrGameWire {
  const { discardCounts, display, bonus, players, turn, pending, scores, ...rest } = g;
  return {
    ...rest,
    discardCountsJson: handText(discardCounts),
    display: [...display],
    bonusJson: bonus.map((b) => JSON.stringify({ card: b.card, measures: b.measures, leaders: b.leaders })),
    players: players.map(playerWire),
    turn: { seat: turn.seat, number: turn.number, step: turn.step },
    pendingJson: JSON.stringify(pending),
    scoresJson: scores ? JSON.stringify(scores) : '',
  };
}

// ------------------------------------------------------------------ client side: wire → JSON

function parse(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const numbers = (x: unknown): number[] => (Array.isArray(x) ? x.filter((n): n is number => typeof n === 'number' && Number.isFinite(n)) : []);

function handFromObject(x: unknown): Hand {
  const out = emptyHand();
  if (isObject(x)) for (const c of CARDS) if (typeof x[c] === 'number') out[c] = x[c] as number;
  return out;
}

function handFromWire(counts: unknown): Hand | undefined {
  const n = numbers(counts);
  if (n.length !== CARDS.length) return undefined;
  const out = emptyHand();
  CARDS.forEach((c, i) => { out[c] = n[i]; });
  return out;
}

function bonusFromWire(text: unknown): TtrBonusJSON {
  const b = parse(text);
  if (!isObject(b)) return { card: '' as BonusCardId, measures: [], leaders: [] };
  return { card: String(b.card ?? '') as BonusCardId, measures: numbers(b.measures), leaders: numbers(b.leaders) };
}

function shownFromWire(text: unknown): TtrShownJSON | null {
  const s = parse(text);
  if (!isObject(s)) return null;
  return { hand: handFromObject(s.hand), tickets: numbers(s.tickets) };
}

function playerFromWire(p: TtrPlayerWire): TtrPlayerJSON {
  const { hand, ticketsJson, offerJson, shownJson, ...rest } = p;
  const own = handFromWire(hand);
  const offered = numbers(parse(offerJson));
  return {
    ...rest,
    ...(own ? { hand: own } : {}),
    tickets: numbers(parse(ticketsJson)),
    offer: offered.length > 0 ? offered : null,
    shown: shownFromWire(shownJson),
  };
}

const STEPS: readonly TtrTurnJSON['step'][] = ['setup', 'turn', 'secondCard', 'keepTickets'];

/** The `game` part in JSON form, from what the client decoded (`room.state.toJSON().game`). */
export function ttrGameFromWire(g: TtrGameWire): TtrGameJSON {
  const { discardCountsJson, display, bonusJson, players, turn, pendingJson, scoresJson, ...rest } = g;
  const decisions = parse(pendingJson);
  const scores = parse(scoresJson);
  const step = STEPS.find((s) => s === turn?.step) ?? 'turn';
  return {
    ...rest,
    discardCounts: handFromObject(parse(discardCountsJson)),
    display: (display ?? []).map((c) => c as TtrGameJSON['display'][number]),
    bonus: (bonusJson ?? []).map(bonusFromWire),
    players: (players ?? []).map(playerFromWire),
    turn: { seat: turn?.seat ?? 0, number: turn?.number ?? 0, step },
    pending: Array.isArray(decisions) ? (decisions as Decision[]) : [],
    scores: isObject(scores) ? (scores as unknown as ScoreBreakdown) : null,
  };
}

/**
 * A whole `ttr` room state in JSON form from what the client decoded (`room.state.toJSON()`): the table's
 * fields and log lines as for Isle, the `game` part through {@link ttrGameFromWire}.
 */
export function ttrStateFromWire(w: Omit<IsleStateWire, 'game'> & { game?: TtrGameWire }): TtrStateJSON {
  const { game, logJson, spectatorsJson, ...rest } = w;
  const log: LogEntryJSON[] = [];
  const codec: LogCodec = { templates: TTR_LOG_TEMPLATES, names: logNames(game) };
  for (const text of logJson ?? []) {
    const line = logLineFromWire(text, codec);
    if (line) log.push(line);
  }
  return { ...rest, spectators: spectatorsFromWire(spectatorsJson), ...(game ? { game: ttrGameFromWire(game) } : {}), log };
}
