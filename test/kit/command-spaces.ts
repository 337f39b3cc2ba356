/**
 * Each game's command space (test/games/<game>/command-space.ts), by game id: what a seat can
 * try at a position, for the completeness check and for refusals in non-interference checks.
 */
import { scoutSpace } from '../games/scout/command-space.js';
import { seaSaltAndPaperSpace } from '../games/sea-salt-and-paper/command-space.js';
import { seledyneSpace } from '../games/seledyne/command-space.js';
import { silverSpace } from '../games/silver/command-space.js';
import { commandSpace, type SpaceOf } from './completeness.js';
import type { Table, TableState } from '../../services/engine/core/index.js';
import { refusalOf } from './refusal.js';

export const commandSpaces: Record<string, SpaceOf> = {
  scout: scoutSpace,
  'sea-salt-and-paper': seaSaltAndPaperSpace,
  seledyne: seledyneSpace,
  silver: silverSpace,
};

/**
 * How the table answers each command of `seat`'s space at `state`: accepted, or the refusal's
 * code and message (what the API would send back). Empty for a game without a space here.
 */
export function answers(t: Table, state: TableState, seat: number): Record<string, string> {
  const spaceOf = commandSpaces[t.game.id];
  if (!spaceOf || !state.started) return {};
  const out: Record<string, string> = {};
  for (const move of commandSpace(t.game.command, spaceOf(state.play, seat, state.seats))) {
    const refused = refusalOf(() => t.decide(state, { type: 'move', seat, move }));
    // Keyed by the command's JSON: the space lists its fields in the schema's order, so the same command
    // has the same key in both histories a non-interference check compares (commandKey's sorting cost a tenth of it).
    out[JSON.stringify(move)] = refused ? `${refused.code}: ${refused.message}` : 'accepted';
  }
  return out;
}
