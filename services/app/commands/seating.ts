/** Seats filled at once, without a join from a person: bots, and players given a seat at creation. */
import type { TableEvent } from '../../engine/core/index.js';
import { applyCommit, type Aggregate } from '../aggregate.js';
import { decideOrRefuse } from './core.js';

/**
 * `events`, then a SeatTaken for each bot seat that comes next, and for each seat given to a player
 * at creation (`seated`, with its SeatClaimed); the game starts when the last seat is taken.
 */
export function withBots(agg: Aggregate, events: TableEvent[]): TableEvent[] {
  let draft = applyCommit(agg, { version: agg.version + 1, events });
  const out = [...events];
  for (;;) {
    const seat = draft.state.players.length;
    const kind = draft.app.bots[seat];
    const given = draft.app.settings.seated?.find((p) => p.seat === seat);
    if ((kind === undefined && !given) || draft.state.started) return out;
    const joined = decideOrRefuse(draft, { type: 'join', name: given ? given.name : `${kind} bot`, tokenHash: '' });
    const taken = given ? [...joined, { type: 'SeatClaimed', seat, player: given.player, ...(given.marks && { marks: given.marks }) } as TableEvent] : joined;
    out.push(...taken);
    draft = applyCommit(draft, { version: draft.version, events: taken });
  }
}
