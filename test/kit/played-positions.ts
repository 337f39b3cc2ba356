/**
 * Positions of real play, for the kits that check a law at each one: games created with fixed
 * seeds and played through the table by a bot (random by default), each position yielded before
 * its move is chosen.
 */
import { randomBot, seatedTable, table, type AnyGame, type Bot, type Rng, type SetupContext, type Table, type TableState } from '../../services/engine/core/index.js';
import { expectMoversCanMove } from './playthrough.js';

export interface PlayedPosition {
  t: Table;
  state: TableState;
  setup: SetupContext<unknown>;
  /** The aggregate's version at this position (create, one join per seat, then one per move). */
  version: number;
}

export function* playedPositions(game: AnyGame, o: { seats: number; options?: unknown; games: number; bot?: Bot; seed: string; rng: Rng }): Generator<PlayedPosition> {
  const t = table(game);
  const bot = o.bot ?? randomBot;
  for (let g = 0; g < o.games; g++) {
    let state = seatedTable(t, { seats: o.seats, options: o.options ?? {}, seed: `${o.seed}:${g}` });
    const setup = { seats: o.seats, options: state.options };
    for (let version = o.seats + 1; !state.ended; version++) {
      yield { t, state, setup, version };
      const toMove = t.status(state).toMove;
      expectMoversCanMove(toMove, o.seats, (x) => t.legalMoves(state, x));
      const seat = toMove[o.rng.int(toMove.length)]!;
      const move = bot(t.view(state, seat), t.legalMoves(state, seat), o.rng, { game, seat, setup });
      state = t.fold(t.decide(state, { type: 'move', seat, move: JSON.parse(JSON.stringify(move)) }), state);
    }
  }
}
