/**
 * Scoring as pure functions (§2.3, §3 Phase 3, §4.4). A player's cards are their hand plus
 * their played duos (pairs in a row).
 */
import { CARDS, TYPES, type CardType } from './cards.js';
import type { RoundEnd } from './events.js';

export interface CardPoints {
  duos: number;
  collectors: number;
  multipliers: number;
  mermaids: number;
  /** Card points: the sum of the above; the colour bonus is never part of it. */
  total: number;
}

const TYPE_INDEX = new Map(TYPES.map((t, i) => [t.type, i]));
/** Per card id: the index of its type in TYPES, and of its colour (white = -1). */
const CARD_TYPE: readonly number[] = CARDS.map((c) => TYPE_INDEX.get(c.type)!);
const COLOUR_LIST = [...new Set(CARDS.map((c) => c.colour))];
const CARD_COLOUR: readonly number[] = CARDS.map((c) => COLOUR_LIST.indexOf(c.colour));
const WHITE = COLOUR_LIST.indexOf('white');
const at = (type: CardType) => TYPE_INDEX.get(type)!;
const [CRAB, BOAT, FISH, SHARK, SWIMMER, MERMAID] = (['crab', 'boat', 'fish', 'shark', 'swimmer', 'mermaid'] as const).map(at) as [number, number, number, number, number, number];
const COLLECTORS = TYPES.flatMap((t, i) => (t.collector ? [{ i, table: t.collector }] : []));
const MULTIPLIERS = TYPES.flatMap((t, i) => (t.multiplies ? [{ i, of: at(t.multiplies.type), points: t.multiplies.points }] : []));

/** `n` zeros (a packed array: `Array(n).fill(0)` makes a holey one, slower to make and read). */
function zeros(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

function countTypes(cards: readonly number[], into: number[] = zeros(TYPES.length)): number[] {
  for (const c of cards) into[CARD_TYPE[c]!] = into[CARD_TYPE[c]!]! + 1;
  return into;
}

function colourTally(hand: readonly number[], played: readonly number[], whiteCounts: boolean): number[] {
  const n = zeros(COLOUR_LIST.length);
  for (const c of hand) n[CARD_COLOUR[c]!] = n[CARD_COLOUR[c]!]! + 1;
  for (const c of played) n[CARD_COLOUR[c]!] = n[CARD_COLOUR[c]!]! + 1;
  if (!whiteCounts) n[WHITE] = 0;
  return n;
}

/** Card counts per colour, largest first (white left out unless it counts). */
export function colourCounts(hand: readonly number[], played: readonly number[], whiteCounts: boolean): number[] {
  return colourTally(hand, played, whiteCounts)
    .filter((x) => x > 0)
    .sort((a, b) => b - a);
}

/** §2.3: the card points of one player. Hand pairs never pair with played cards (E16). */
export function cardPoints(hand: readonly number[], played: readonly number[], whiteCounts: boolean): CardPoints {
  const h = countTypes(hand);
  const all = countTypes(played, h.slice());
  const duos = played.length / 2 + Math.floor(h[CRAB]! / 2) + Math.floor(h[BOAT]! / 2) + Math.floor(h[FISH]! / 2) + Math.min(h[SHARK]!, h[SWIMMER]!);
  let collectors = 0;
  for (const { i, table } of COLLECTORS) collectors += table[Math.min(all[i]!, table.length - 1)]!;
  let multipliers = 0;
  for (const { i, of, points } of MULTIPLIERS) multipliers += all[i]! * points * all[of]!;
  let mermaids = 0;
  if (all[MERMAID]! > 0) {
    const colours = colourCounts(hand, played, whiteCounts);
    for (let i = 0; i < all[MERMAID]!; i++) mermaids += colours[i] ?? 0;
  }
  return { duos, collectors, multipliers, mermaids, total: duos + collectors + multipliers + mermaids };
}

/** §2.3: the count of the colour held most. */
export function colourBonus(hand: readonly number[], played: readonly number[], whiteCounts: boolean): number {
  return Math.max(0, ...colourTally(hand, played, whiteCounts));
}

/** §3 Phase 3 / §4.3: the round scores from each seat's card points and colour bonus. */
export function roundScores(
  reason: RoundEnd,
  caller: number | null,
  points: readonly number[],
  bonus: readonly number[],
): { scores: number[]; betWon: boolean | null } {
  if (reason === 'EMPTY_DECK' || caller === null) return { scores: points.map(() => 0), betWon: null };
  if (reason === 'STOP') return { scores: [...points], betWon: null };
  const betWon = points.every((p, i) => i === caller || p <= points[caller]!);
  const scores = points.map((p, i) => (i === caller ? (betWon ? p + bonus[i]! : bonus[i]!) : betWon ? bonus[i]! : p));
  return { scores, betWon };
}

export interface TieBreakRules {
  tieBreak: 'LAST_TO_PLAY' | 'LAST_ROUND_POINTS';
  lastToPlayScope: 'RANK_TIED_PLAYERS' | 'LAST_PLAYER_ONLY';
  lastRoundPointsTie: 'SHARED' | 'LAST_TO_PLAY';
}

/** Seats among `among` with the largest `key`. */
function best(among: readonly number[], key: (seat: number) => number): number[] {
  const top = Math.max(...among.map(key));
  return among.filter((s) => key(s) === top);
}

/**
 * §4.4: the winners. Highest total; ties broken by the last turn in the final round
 * (`lastTurn[seat]`, larger = later, -1 = none) or by the final round's points.
 */
export function winners(totals: readonly number[], lastRound: readonly number[], lastTurn: readonly number[], rules: TieBreakRules): number[] {
  const tied = best(
    totals.map((_, i) => i),
    (s) => totals[s]!,
  );
  if (tied.length === 1) return tied;
  const byLastTurn = (among: number[]) => {
    if (rules.lastToPlayScope === 'RANK_TIED_PLAYERS') return best(among, (s) => lastTurn[s]!);
    const last = best(
      lastTurn.map((_, i) => i),
      (s) => lastTurn[s]!,
    );
    return last.length === 1 && among.includes(last[0]!) ? last : among;
  };
  if (rules.tieBreak === 'LAST_TO_PLAY') return byLastTurn(tied);
  const most = best(tied, (s) => lastRound[s]!);
  return most.length > 1 && rules.lastRoundPointsTie === 'LAST_TO_PLAY' ? byLastTurn(most) : most;
}

export const mermaidsHeld = (cards: readonly number[]) => cards.reduce((n, c) => n + (CARDS[c]!.type === 'mermaid' ? 1 : 0), 0);
