/**
 * The bots the server can seat, by kind. A bot sees only its seat's view and legal moves
 * (never the state); its choices are seeded by the game id and version, which are public.
 */
import { randomBot, rngFor, type Bot, type Seat } from '../engine/core/index.js';
import type { Aggregate } from '../app/aggregate.js';

export const BOT_KINDS: Record<string, Bot> = { random: randomBot };
export const isBotKind = (kind: string) => Object.hasOwn(BOT_KINDS, kind);

/** The move `kind` plays for `seat` in this game now. */
export function botMove(agg: Aggregate, seat: Seat, kind: string): unknown {
  const bot = BOT_KINDS[kind] ?? randomBot;
  const view = agg.table.view(agg.state, seat);
  const legal = agg.table.legalMoves(agg.state, seat);
  return bot(view, legal, rngFor(`bot:${agg.id}`, agg.version * 64 + seat));
}
