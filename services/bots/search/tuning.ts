/**
 * The search's settings per game, each from a measurement (`npx tsx bench/tune-search.ts`: the
 * same duplicate deals for every variant, `search:2` in one seat against `greedy` in the others).
 * A game not listed uses DEFAULT_TUNING. Budgets are iterations, never time, so a move replays;
 * level 2's is sized for its decision time (p50 ≤ 300 ms of one core; docs/bots/search.md).
 */

/** Widening from the policy's move, which stands unless another looks `switchZ` standard errors better. */
export interface Guard {
  switchZ: number;
}

export interface SearchTuning {
  /** Iterations per level. */
  levels: Record<number, number>;
  /** UCB's exploration constant (values are in [0, 1]). */
  c: number;
  /** Opponents' turns: nodes of the tree chosen by UCB (`tree`), or played by the rollout policy (`policy`). */
  opponents: 'tree' | 'policy';
  guard: Guard | null;
}

export const DEFAULT_TUNING: SearchTuning = { levels: { 1: 40, 2: 120, 3: 400 }, c: 0.7, opponents: 'tree', guard: null };

export const TUNING: Record<string, Partial<SearchTuning>> = {
  /**
   * Dozens of scout-and-insert moves: at 4 seats 120 iterations leave each move two or three
   * noisy playouts and the choice near random (8.3% of 40 games against three greedy; random
   * itself wins 0%); 480 win 53.8% [38.7, 68.2]. Exploiting sooner helps at 2 seats: c 0.7 →
   * 55.0%, 0.3 → 85.0%, 0.15 → 72.5% of 20.
   */
  scout: { levels: { 1: 120, 2: 480, 3: 1200 }, c: 0.3 },
  /**
   * Playouts of 5-11 ms (long rounds, a costly view), so a few dozen: the guard. 2 seats, 6
   * games: 0% without, 66.7% with; 4 seats, 20 games: 40.0% [21.9, 61.3] with the opponents in
   * the tree, 20.0% with them played by greedy.
   */
  silver: { levels: { 1: 12, 2: 36, 3: 120 }, guard: { switchZ: 1.5 } },
  /**
   * The opponent played by the policy: 2 seats, 40 games, 42.5% [28.5, 57.8] with it in the
   * tree, 75.0% [59.8, 85.8] played by greedy (with this budget an opponent's node spends most
   * of its visits trying moves once each: the bot planned against an opponent playing at random).
   */
  'sea-salt-and-paper': { levels: { 1: 60, 2: 180, 3: 600 }, opponents: 'policy' },
};

export const tuningOf = (game: string): SearchTuning => ({ ...DEFAULT_TUNING, ...TUNING[game] });

export const searchLevel = (game: string, level: number): number => tuningOf(game).levels[level]!;
