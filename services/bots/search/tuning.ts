/**
 * The search's settings per game, each from a measurement (`npx tsx bench/tune-search.ts`: the
 * same duplicate deals for every variant, `search:2` in one seat against `greedy` in the others).
 * A game not listed uses DEFAULT_TUNING. Budgets are iterations, never time, so a move replays;
 * level 2's is sized for its decision time (p50 ≤ 300 ms of one core; docs/bots/search.md).
 */

export interface SearchTuning {
  /** Iterations per level. */
  levels: Record<number, number>;
  /** UCB's exploration constant (values are in [0, 1]). */
  c: number;
  /** Opponents' turns: nodes of the tree chosen by UCB (`tree`), or played by the rollout policy (`policy`). */
  opponents: 'tree' | 'policy';
  /** With paired playouts: the policy's move stands unless another's paired lead is this many standard errors clear. */
  switchZ: number;
  /** A rollout cut at a round's end is worth the leader's win (null), or a soft win by the lead in these points (cut.ts). */
  leadScale: number | null;
  /** No tree: every root move played out in the same sampled worlds, the guard a paired test (paired.ts). */
  paired: boolean;
  /** With paired playouts: sequential halving over the root moves (paired.ts) at this many seats or more; null: never. */
  halvingFrom: number | null;
}

export const DEFAULT_TUNING: SearchTuning = { levels: { 1: 40, 2: 120, 3: 400 }, c: 0.7, opponents: 'tree', switchZ: 1, leadScale: null, paired: false, halvingFrom: null };

export const TUNING: Record<string, Partial<SearchTuning>> = {
  /**
   * Dozens of scout-and-insert moves: at 4 seats 120 iterations leave each move two or three
   * noisy playouts and the choice near random (8.3% of 40 games against three greedy; random
   * itself wins 0%); 480 win 53.8% [38.7, 68.2]. Exploiting sooner helps at 2 seats: c 0.7 →
   * 55.0%, 0.3 → 85.0%, 0.15 → 72.5% of 20.
   */
  scout: { levels: { 1: 120, 2: 480, 3: 1200 }, c: 0.3 },
  /**
   * One world's luck (the deck, the hidden villages) swings a round by more than a move does, so a
   * tree's few playouts per move ranked moves by luck: unguarded it won 0% of 20 against greedy,
   * guarded 30%. Paired playouts (every root move in the same worlds) with a soft lead (10 points)
   * won 80.0% [58.4, 91.9] of 20 at 240 playouts (60.0% at 120); seed L26, 2 seats. At 4 seats,
   * against three greedy, sequential halving won 46.7% of 60 games (seeds tune and L26), against
   * 36.7% without; at 2 seats 67.5% of 40 against 72.5% (seed L26), so it starts at 3 seats.
   */
  silver: { levels: { 1: 80, 2: 240, 3: 600 }, paired: true, leadScale: 10, switchZ: 1, halvingFrom: 3 },
  /**
   * The opponent played by the policy: with this budget an opponent's node spent most of its
   * visits trying moves once each, so the bot planned against an opponent playing at random (2
   * seats, seed tune, 40 games: 42.5% in the tree, 75.0% by greedy). A round's end valued by a soft
   * lead of 5 points: 85.0% [70.9, 92.9] of 40 (seed L26), against 72.5% with 10 points and 37.5%
   * [24.2, 53.0] with the leader's win, on the same 40 games.
   */
  'sea-salt-and-paper': { levels: { 1: 60, 2: 180, 3: 600 }, opponents: 'policy', leadScale: 5 },
};

export const tuningOf = (game: string): SearchTuning => ({ ...DEFAULT_TUNING, ...TUNING[game] });

export const searchLevel = (game: string, level: number): number => tuningOf(game).levels[level]!;
