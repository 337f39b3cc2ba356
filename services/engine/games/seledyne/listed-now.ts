/**
 * The legal lists of the state asked last, by seat (one slot: see rules.ts `plannerFor`). legal.ts
 * fills it; rules.ts asks whether a move is one of its very objects, so decide can skip the checks
 * a listed move passed when it was listed. A module of its own because legal.ts imports rules.ts.
 */
import { lastOf, type Seat } from '../../core/index.js';
import type { Command } from './commands.js';
import type { State } from './state.js';

/** The memo of `s`'s lists by seat (a new, empty one when another state is asked). */
export const listsOf = lastOf((_s: State): (Command[] | undefined)[] => []);

/**
 * Whether `c` is one of the very moves the legal list of `s` for `seat` holds: decide need not ask
 * its checks again, the list being built to pass them (the command-space tests hold decide to
 * accepting each listed move). Like the table's `builtByGame`, this trusts a caller not to change
 * a move object it was handed (the server's moves arrive parsed from JSON: never one of these).
 */
export function listedNow(s: State, seat: Seat, c: Command): boolean {
  const list = listsOf(s)[seat];
  return list !== undefined && list.includes(c);
}
