/**
 * The move cap the lab (`npm run simulate`) and the league share: bots can cycle (greedy SCOUT
 * at 3 seats shows and scouts one card back and forth for ever, about once in 10,000 games), so
 * every bot-played game stops after this many moves and is reported as stopped, never as a result.
 * The default is far above any real game: over 200 greedy games per game type and seat count,
 * the longest took 437 moves (Sea Salt & Paper, 3 seats; SCOUT at 5 seats 250), and a capped
 * game costs a few seconds and a few MB, not hours and gigabytes.
 */
export const DEFAULT_MAX_MOVES = 10_000;
export const MAX_MOVES_LIMIT = 1_000_000;

/** The cap given, or the default; a clear error for one out of range. */
export function moveCap(given: number | undefined): number {
  const cap = given ?? DEFAULT_MAX_MOVES;
  if (!Number.isInteger(cap) || cap < 1 || cap > MAX_MOVES_LIMIT) throw new Error(`--max-moves takes 1 to ${MAX_MOVES_LIMIT}`);
  return cap;
}
