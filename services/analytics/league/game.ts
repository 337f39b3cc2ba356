/**
 * One league game: a deal (the game's seed) played by a line-up in one rotation, seat by seat
 * through the table decider as the server would, each bot's thinking time measured. A bot is
 * asked only when its seat has a real choice (two legal moves or more); a forced move is played.
 * A game still running after `maxMoves` moves (bots that cycle) is stopped and returned `capped`.
 */
import { fastRng, seatedTable, tableFor, type AnyGame, type Bot, type TableState } from '../../engine/core/index.js';
import { botMemory, type RememberingContext } from '../../bots/repeat.js';
import { DEFAULT_MAX_MOVES } from '../move-cap.js';

export interface LeagueGame {
  deal: number;
  rotation: number;
  /** The line-up entry that played each seat. */
  seatBots: number[];
  scores: number[];
  winners: number[];
  /** The seat that started the game's first round, as its view shows it (null for a game whose view names none). */
  startSeat: number | null;
  /** Milliseconds per decision of each line-up entry. */
  decisionMs: number[][];
  /** Stopped at the move cap: no result (scores and winners empty), left out of the figures. */
  capped?: true;
}

export interface LeagueGameSpec {
  seats: number;
  options: unknown;
  seed: string;
  botSeed: number;
  deal: number;
  rotation: number;
}

/** Seat s is played by line-up entry (s + rotation) mod seats: over the rotations every entry plays every seat. */
export const entryAt = (seat: number, rotation: number, entries: number) => (seat + rotation) % entries;

export function playLeagueGame(game: AnyGame, bots: readonly Bot[], g: LeagueGameSpec, maxMoves = DEFAULT_MAX_MOVES): LeagueGame {
  const t = tableFor(game);
  const rng = fastRng(g.botSeed);
  const seatBots = [...Array(g.seats).keys()].map((s) => entryAt(s, g.rotation, bots.length));
  const decisionMs: number[][] = bots.map(() => []);
  let state: TableState = seatedTable(t, g);
  const setup = { seats: g.seats, options: state.options };
  const startSeat = startSeatOf(t.view(state, null));
  // Each seat's memory of the positions it met this game, so a bot can leave a cycle (repeat.ts).
  const memories = [...Array(g.seats)].map(() => botMemory());
  for (let moves = 0; !state.ended; moves++) {
    if (moves >= maxMoves) return { deal: g.deal, rotation: g.rotation, seatBots, scores: [], winners: [], startSeat, decisionMs, capped: true };
    const toMove = t.status(state).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    const legal = t.legalMoves(state, seat);
    let move = legal[0];
    if (legal.length > 1) {
      const started = performance.now();
      move = bots[seatBots[seat]!]!(t.view(state, seat), legal, rng, { game, seat, setup, memory: memories[seat] } as RememberingContext);
      decisionMs[seatBots[seat]!]!.push(performance.now() - started);
    }
    state = t.fold(t.decide(state, { type: 'move', seat, move: JSON.parse(JSON.stringify(move)) }), state);
  }
  const result = t.status(state).result!;
  return { deal: g.deal, rotation: g.rotation, seatBots, scores: result.scores, winners: result.winners, startSeat, decisionMs };
}

/** The first round's start seat from a spectator's view: each game names it in its view (SCOUT and Silver `startPlayer`, Sea Salt & Paper `starter`, Seledyne `startSeat`). */
export function startSeatOf(view: unknown): number | null {
  const v = view as { startPlayer?: unknown; starter?: unknown; startSeat?: unknown };
  const seat = v.startPlayer ?? v.starter ?? v.startSeat;
  return typeof seat === 'number' ? seat : null;
}
