/**
 * The league's figures per line-up entry: win share with its Wilson interval (a tie splits the
 * win: a 2-way tie is half a win each), mean score, and decision time p50/p99.
 */
import { quantileSorted } from 'simple-statistics';
import { seatBalanceTest } from '../significance.js';
import { wilson } from '../wilson.js';
import type { LeagueGame } from './game.js';

export interface BotFigures {
  bot: string;
  /** Seats this entry played, summed over games. */
  seatsPlayed: number;
  wins: number;
  winShare: number;
  low: number;
  high: number;
  meanScore: number;
  decisionMs: { p50: number; p99: number };
}

export interface LeagueReport {
  game: string;
  seats: number;
  /** Games with a result (those stopped at the move cap are not among them). */
  games: number;
  /** Games stopped at the move cap: no result, left out of every figure. */
  capped: number;
  bots: BotFigures[];
}

/** Entries that name the same bot are counted together ("search:2,greedy" at 4 seats: greedy holds 3 seats). */
export function tally(game: string, seats: number, lineup: readonly string[], all: readonly LeagueGame[]): LeagueReport {
  const played = all.filter((g) => !g.capped);
  const names = [...new Set(lineup)];
  const bots = names.map((bot) => {
    const entries = new Set(lineup.flatMap((b, i) => (b === bot ? [i] : [])));
    let seatsPlayed = 0;
    let wins = 0;
    let score = 0;
    const times: number[] = [];
    for (const g of played) {
      g.seatBots.forEach((entry, seat) => {
        if (!entries.has(entry)) return;
        seatsPlayed++;
        score += g.scores[seat]!;
        if (g.winners.includes(seat)) wins += 1 / g.winners.length;
      });
      for (const e of entries) times.push(...g.decisionMs[e]!);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => (times.length ? round(quantileSorted(times, p)) : 0);
    const { low, high } = wilson(wins, seatsPlayed);
    return { bot, seatsPlayed, wins: round(wins), winShare: round(seatsPlayed ? wins / seatsPlayed : 0), low: round(low), high: round(high), meanScore: round(seatsPlayed ? score / seatsPlayed : 0), decisionMs: { p50: at(0.5), p99: at(0.99) } };
  });
  return { game, seats, games: played.length, capped: all.length - played.length, bots };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** A seat-symmetry check's figures: per seat its wins (a tie split), share, Wilson interval and first-round starts; the chi-square of the wins against an even share. */
export interface SeatSymmetry {
  seats: { seat: number; wins: number; share: number; low: number; high: number; starts: number }[];
  chi2: number;
  df: number;
  p: number;
  /** The first start seats' chi-square p against an even spread: below `alpha`, the start is not uniform and the check says nothing. */
  startP: number | null;
  /** The level below which a run counts as biased. */
  alpha: number;
  /** Wins even over the seats (p ≥ alpha) with a uniform start. */
  symmetric: boolean;
}

/** Bias of a self-play bot for seat numbers: do the seats share the wins evenly? (Only meaningful with a uniform start seat: `starts` shows it.) */
export function seatSymmetry(seats: number, played: readonly LeagueGame[], alpha = 0.01): SeatSymmetry {
  const wins = Array<number>(seats).fill(0);
  const starts = Array<number>(seats).fill(0);
  for (const g of played) {
    for (const w of g.winners) wins[w]! += 1 / g.winners.length;
    if (g.startSeat !== null) starts[g.startSeat]!++;
  }
  const { chi2, df, p } = seatBalanceTest(wins);
  const startP = starts.some((n) => n > 0) ? seatBalanceTest(starts).p : null;
  return {
    seats: wins.map((w, seat) => {
      const { low, high } = wilson(w, played.length);
      return { seat, wins: round(w), share: round(w / played.length), low: round(low), high: round(high), starts: starts[seat]! };
    }),
    chi2: round(chi2),
    df,
    p,
    startP,
    alpha,
    symmetric: p >= alpha && (startP === null || startP >= alpha),
  };
}
