/**
 * The one place that turns a game into what a bot may see: the seat's view, its legal moves and
 * the public setup, plus the public key that seeds the bot's choice. Bots get this, never the state.
 */
import type { BotSight, Seat } from '../engine/core/index.js';
import type { Aggregate } from './aggregate.js';

export interface SeatedSight extends BotSight {
  /** Seeds the bot's choice: the game id and version, both public, so a replay chooses alike. */
  key: string;
  stream: number;
}

export function sightOf(agg: Aggregate, seat: Seat): SeatedSight {
  return {
    view: agg.table.view(agg.state, seat),
    legalMoves: agg.table.legalMoves(agg.state, seat),
    context: { game: agg.table.game, seat, setup: { seats: agg.state.seats, options: agg.state.options } },
    key: `bot:${agg.id}`,
    stream: agg.version * 64 + seat,
  };
}
