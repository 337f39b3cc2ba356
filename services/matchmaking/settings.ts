/**
 * Matchmaking's settings (issue 42): how many seeks and pool entries one player and one client
 * address may hold, how long a seek lives, how the quick-play rating window widens and when bots
 * fill the seats a player gave them. Defaults here; npm start reads MATCH_* from the environment.
 */

export interface MatchSettings {
  /** Open seeks one player holds at once. */
  seeksPerPlayer: number;
  /** Open seeks opened from one client address. */
  seeksPerAddress: number;
  /** Open challenges by name addressed to one player at once (their holding is one item: it must stay small). */
  challengesPerPlayer: number;
  /** Quick-play pools one player waits in at once. */
  poolEntriesPerPlayer: number;
  /** Quick-play entries from one client address. */
  poolEntriesPerAddress: number;
  /** A seek's life when its opener names none, and the longest it may ask for (minutes). */
  seekMinutes: number;
  seekMaxMinutes: number;
  /** Quick play: the rating window (conservative openskill rating, μ − 3σ) at entry, and how much it widens per minute waited. */
  windowBase: number;
  windowPerMinute: number;
  /** Quick play: after this long waiting, the seats a player gave to bots are filled by bots (seconds). */
  botWaitSeconds: number;
  /** How often a local server pairs its pools (seconds; on AWS pairing runs on entry and on each status read). */
  tickSeconds: number;
  /**
   * The bot a matched game's seat gets when its player times out or resigns (a spec: "greedy",
   * "search:2"); unset, the game names none and the server's default plays (DEFAULT_TIMEOUT_BOT,
   * services/bots/spec.ts). Tests whose games end by a resignation but weigh nothing the bot does set a cheap one.
   */
  timeoutBot?: string;
}

export const MATCH_SETTINGS: MatchSettings = {
  seeksPerPlayer: 5,
  seeksPerAddress: 20,
  challengesPerPlayer: 50,
  poolEntriesPerPlayer: 3,
  poolEntriesPerAddress: 12,
  seekMinutes: 60,
  seekMaxMinutes: 7 * 24 * 60,
  windowBase: 5,
  windowPerMinute: 5,
  botWaitSeconds: 60,
  tickSeconds: 5,
};

const NAMES: Record<Exclude<keyof MatchSettings, 'timeoutBot'>, string> = {
  seeksPerPlayer: 'MATCH_SEEKS_PER_PLAYER',
  seeksPerAddress: 'MATCH_SEEKS_PER_ADDRESS',
  challengesPerPlayer: 'MATCH_CHALLENGES_PER_PLAYER',
  poolEntriesPerPlayer: 'MATCH_POOL_ENTRIES_PER_PLAYER',
  poolEntriesPerAddress: 'MATCH_POOL_ENTRIES_PER_ADDRESS',
  seekMinutes: 'MATCH_SEEK_MINUTES',
  seekMaxMinutes: 'MATCH_SEEK_MAX_MINUTES',
  windowBase: 'MATCH_WINDOW_BASE',
  windowPerMinute: 'MATCH_WINDOW_PER_MINUTE',
  botWaitSeconds: 'MATCH_BOT_WAIT_SECONDS',
  tickSeconds: 'MATCH_TICK_SECONDS',
};

/** The settings from the environment (unset: the default); a value that is not a whole number is refused. */
export function matchSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): MatchSettings {
  const out: MatchSettings = { ...MATCH_SETTINGS };
  for (const [key, name] of Object.entries(NAMES) as [keyof typeof NAMES, string][]) {
    const v = env[name];
    if (v === undefined || v === '') continue;
    if (!/^[0-9]{1,7}$/.test(v)) throw new Error(`${name} is a whole number (got ${JSON.stringify(v)})`);
    out[key] = Number(v);
  }
  return out;
}
