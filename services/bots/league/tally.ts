/**
 * The league's figures per line-up entry: win share with its Wilson interval (a tie splits the
 * win: a 2-way tie is half a win each), mean score, and decision time p50/p99.
 */
import { quantileSorted } from 'simple-statistics';
import { wilson } from '../../analytics/wilson.js';
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
