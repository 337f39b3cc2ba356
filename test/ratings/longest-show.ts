/**
 * The ratings tests' farmer plays its longest show: rounds end sooner, so a game to its end takes
 * fewer requests and fewer moves of the bot on a resigned seat. What a game's moves are is not under
 * test there, only how its result is rated.
 */
export const longestShow = (legal: { type: string; from?: number; to?: number }[]) =>
  legal.filter((m) => m.type === 'show').sort((a, b) => b.to! - b.from! - (a.to! - a.from!))[0] ?? legal[0];
