/**
 * The ratings tests' farmer plays its longest show: rounds end sooner, so a game to its end takes
 * fewer requests and fewer moves of the bot on a resigned seat. What a game's moves are is not under
 * test there, only how its result is rated.
 */
export const longestShow = (legal: { type: string; from?: number; to?: number }[]) =>
  legal.filter((m) => m.type === 'show').sort((a, b) => b.to! - b.from! - (a.to! - a.from!))[0] ?? legal[0];

/**
 * The ratings tests' SCOUT games: a round ends after this many actions (the option `roundActionLimit`,
 * scored as the rules say), so a game played out through the API takes a few requests, not dozens.
 * Ratings read a game's result, its seats and their marks, never its options or its length; the
 * resigning seat still makes its moves (RATED_MIN_MOVES is 3, a round gives each seat 3 here).
 */
export const SHORT_SCOUT = { roundActionLimit: 6 };
