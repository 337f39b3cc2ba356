/**
 * Who may enter a tournament (issue 35): one client must not fill it with fresh accounts, one
 * person must not sit at one duplicate board twice, and a rated tournament is no place for an
 * account made for it. Server settings with defaults (npm start reads them from the environment).
 */

/** The limits the tournament's decider checks at each join (decider.ts). */
export interface EntryLimits {
  /** Player entrants whose join came from one client address. */
  entrantsPerAddress: number;
  /** Player entrants whose join came from one device (the page's per-browser id, else the token's device). */
  entrantsPerDevice: number;
  /** In a duplicate tournament, an account that shares an address or a device with an entrant: refused, or allowed. */
  linkedInDuplicate: 'REFUSE' | 'ALLOW';
}

export interface EntryRules extends EntryLimits {
  /** A rated tournament takes an account at least this many days old … */
  ratedMinAccountDays: number;
  /** … or with at least this many rated games of the tournament's game. */
  ratedMinGames: number;
}

export const ENTRY_RULES: EntryRules = { entrantsPerAddress: 2, entrantsPerDevice: 1, linkedInDuplicate: 'REFUSE', ratedMinAccountDays: 7, ratedMinGames: 10 };

const NAMES: Record<Exclude<keyof EntryRules, 'linkedInDuplicate'>, string> = {
  entrantsPerAddress: 'TOURNAMENT_ENTRANTS_PER_ADDRESS',
  entrantsPerDevice: 'TOURNAMENT_ENTRANTS_PER_DEVICE',
  ratedMinAccountDays: 'TOURNAMENT_RATED_MIN_ACCOUNT_DAYS',
  ratedMinGames: 'TOURNAMENT_RATED_MIN_GAMES',
};

/** The rules from the environment (unset: the default); a value that is not a whole number is refused. */
export function entryRulesFromEnv(env: NodeJS.ProcessEnv = process.env): EntryRules {
  const rules: EntryRules = { ...ENTRY_RULES };
  for (const [key, name] of Object.entries(NAMES) as [keyof typeof NAMES, string][]) {
    const v = env[name];
    if (v === undefined || v === '') continue;
    if (!/^[0-9]{1,6}$/.test(v)) throw new Error(`${name} is a whole number (got ${JSON.stringify(v)})`);
    rules[key] = Number(v);
  }
  const linked = env.TOURNAMENT_LINKED_IN_DUPLICATE;
  if (linked !== undefined && linked !== '') {
    if (linked !== 'REFUSE' && linked !== 'ALLOW') throw new Error(`TOURNAMENT_LINKED_IN_DUPLICATE is REFUSE or ALLOW (got ${JSON.stringify(linked)})`);
    rules.linkedInDuplicate = linked;
  }
  return rules;
}
