/**
 * Plays whole games through the service (real store, real commits) with random legal moves,
 * seated by joinGame like any client: for tests that need finished games in a table.
 */
import { fastRng, randomBot } from '../../services/engine/core/index.js';
import type { Aggregate } from '../../services/app/aggregate.js';
import type { ParlorService } from '../../services/app/service.js';
import { expectMoversCanMove } from './playthrough.js';

export interface ServiceGame {
  game: string;
  seats: number;
  options?: unknown;
  seed?: string;
  botSeed?: number;
  /** Each seat's entropy for joinGame (none by default). */
  entropy?: (seat: number) => string | undefined;
  /** Stop after this many moves (to leave a game running). */
  maxMoves?: number;
}

export async function playThroughService(service: ParlorService, g: ServiceGame): Promise<Aggregate> {
  const created = await service.create({ game: g.game, seats: g.seats, options: g.options, seed: g.seed });
  const tokens: string[] = [];
  for (let s = 0; s < g.seats; s++) tokens.push((await service.join(created.id, `p${s}`, { entropy: g.entropy?.(s) })).token);
  const rng = fastRng(g.botSeed ?? 1);
  let agg = await service.load(created.id);
  for (let moves = 0; !agg.state.ended && moves < (g.maxMoves ?? Infinity); moves++) {
    const toMove = agg.table.status(agg.state).toMove;
    expectMoversCanMove(toMove, g.seats, (x) => agg.table.legalMoves(agg.state, x));
    const seat = toMove[rng.int(toMove.length)]!;
    const move = randomBot(agg.table.view(agg.state, seat), agg.table.legalMoves(agg.state, seat), rng);
    agg = await service.move({ gameId: agg.id, token: tokens[seat], move: JSON.parse(JSON.stringify(move)) });
  }
  return agg;
}
