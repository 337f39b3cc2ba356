/**
 * The ladder calibration: bots of known strength (random < greedy < search:1 < search:2 <
 * search:3) play two-seat games round after round, every pair each round on one deal with seats
 * swapped (the league's duplicate pairing), rated as the server rates them. After each game,
 * Kendall's τ between the ratings' order (μ − 3σ, the leaderboard's) and the known order: N is
 * the number of games after which τ = 1 and stays 1 to the end of the run. Every seed derives
 * from the run's seed: a run is reproducible (decision times aside).
 */
import { sha256Hex, type AnyGame } from '../engine/core/index.js';
import { botFor } from '../bots/kinds.js';
import { playLeagueGame } from '../analytics/league/game.js';
import { conservative, INITIAL, rateGame, type Rating } from './model.js';
import { ranksOf } from './outcome.js';

/** Weakest first. */
export const LADDER = ['random', 'greedy', 'search:1', 'search:2', 'search:3'] as const;

/** Kendall's τ of `scores` against the order of their indices (index 0 should score lowest). */
export function kendallTau(scores: readonly number[]): number {
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < scores.length; i++) {
    for (let j = i + 1; j < scores.length; j++) {
      if (scores[j]! > scores[i]!) concordant++;
      else if (scores[j]! < scores[i]!) discordant++;
    }
  }
  const pairs = (scores.length * (scores.length - 1)) / 2;
  return (concordant - discordant) / pairs;
}

export interface LadderStep {
  games: number;
  tau: number;
  ratings: number[];
}

export interface LadderOptions {
  game: AnyGame;
  bots?: readonly string[];
  seed: string;
  /** At most this many games… */
  maxGames: number;
  /** …and stop at the first game that ends after this time (ms since the epoch; default: never). */
  until?: number;
  onStep?: (step: LadderStep) => void;
}

export interface LadderReport {
  game: string;
  bots: string[];
  played: number;
  /** Games after which τ = 1 held to the end of the run (null: it did not hold at the end). */
  n: number | null;
  /** The first game after which τ = 1. */
  firstN: number | null;
  final: { bot: string; rating: number; mu: number; sigma: number }[];
  tau: number;
}

/** Game k of the run: round ⌊k / (2·pairs)⌋, pair and seat rotation within it; the pair's deal is shared by both rotations. */
function schedule(k: number, entries: number, seed: string) {
  const pairs: [number, number][] = [];
  for (let a = 0; a < entries; a++) for (let b = a + 1; b < entries; b++) pairs.push([a, b]);
  const round = Math.floor(k / (2 * pairs.length));
  const p = Math.floor(k / 2) % pairs.length;
  const rotation = k % 2;
  const dealSeed = sha256Hex(`${seed}:ladder:${round}:${p}`);
  const botSeed = Number.parseInt(sha256Hex(`${seed}:bots:${k}`).slice(0, 8), 16);
  return { pair: pairs[p]!, spec: { seats: 2, options: {}, seed: dealSeed, botSeed, deal: round * pairs.length + p, rotation } };
}

export function runLadder(o: LadderOptions): LadderReport {
  const bots = [...(o.bots ?? LADDER)];
  const players = bots.map((spec) => botFor(o.game.id, spec));
  const ratings: Rating[] = bots.map(() => ({ ...INITIAL }));
  let n: number | null = null;
  let firstN: number | null = null;
  let tau = 0;
  let played = 0;
  while (played < o.maxGames && (o.until === undefined || Date.now() < o.until)) {
    const { pair, spec } = schedule(played, bots.length, o.seed);
    const g = playLeagueGame(o.game, [players[pair[0]]!, players[pair[1]]!], spec);
    played++;
    // A game stopped at the move cap (bots that cycle) has no result: it is played, never rated.
    if (g.capped) continue;
    // seatBots[s] is 0 or 1: which of the pair played seat s.
    const places = ranksOf(g.scores, g.winners, []);
    const entries = g.seatBots.map((b) => pair[b]!);
    const after = rateGame(entries.map((e) => ratings[e]!), places);
    entries.forEach((e, s) => (ratings[e] = after[s]!));
    tau = kendallTau(ratings.map(conservative));
    if (tau === 1) {
      n ??= played;
      firstN ??= played;
    } else n = null;
    o.onStep?.({ games: played, tau, ratings: ratings.map(conservative) });
  }
  return { game: o.game.id, bots, played, n, firstN, tau, final: bots.map((bot, i) => ({ bot, rating: conservative(ratings[i]!), mu: ratings[i]!.mu, sigma: ratings[i]!.sigma })) };
}
