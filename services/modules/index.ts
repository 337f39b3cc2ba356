/**
 * The list of concerns built as modules (./module.ts), in order: their SDL, routes and reactions
 * are composed in this order. Adding a concern is its own file or folder and one line here.
 * Concerns not yet converted are still wired by hand (services/play-by-turn.ts, handlers/env.ts,
 * api/graphql/schema.ts …): docs/architecture.md, "A concern is a module".
 */
import { accounts } from './accounts.js';
import { inbox } from './inbox.js';
import { matchmaking } from './matchmaking.js';
import { messages } from './messages.js';
import type { Module } from './module.js';
import { notifications } from './notifications.js';
import { ratings } from './ratings.js';
import { replay } from './replay.js';
import { timeoutClaim } from './timeout-claim.js';
import { tournaments } from './tournaments.js';
import { vacation } from './vacation.js';

export const MODULES: readonly Module[] = [
  inbox,
  notifications,
  accounts,
  messages,
  vacation,
  timeoutClaim,
  ratings,
  tournaments,
  matchmaking,
  replay,
];

/** Every module's reactions, in the list's order. */
export function moduleReactions(modules: readonly Module[], ctx: Parameters<NonNullable<Module['reactions']>>[0]) {
  return modules.flatMap((m) => m.reactions?.(ctx) ?? []);
}
