/**
 * Moves the server makes after a commit: a bot's seat to move, or (in games created with
 * `autoAdvance`) a seat whose only legal move is a formality, so no one is asked to press a
 * button. Each is one commit pinned to the version it was decided on; losing a race just means
 * looking again. Locally it runs in-process after each commit, one game at a time; on AWS the
 * stream handler calls `advance`.
 */
import type { Seat } from '../engine/core/index.js';
import { statusOf, type Aggregate } from '../app/aggregate.js';
import { AppError } from '../app/errors.js';
import { moveDecision, type ParlorService } from '../app/service.js';
import { sightOf } from '../app/bot-sight.js';
import { KeyedQueue } from '../app/keyed-queue.js';
import { botMove } from './kinds.js';
import { AUTO_MARK, botMark } from './spec.js';

/** The move the bot `kind` plays for `seat` now. */
export function seatBotMove(agg: Aggregate, seat: Seat, kind: string): unknown {
  const sight = sightOf(agg, seat);
  return botMove(sight, kind, sight.key, sight.stream);
}

/** The server's next move in this game, if it has one, and the history's mark of who played it. */
export function serverMove(agg: Aggregate): { seat: Seat; move: unknown; by: string } | null {
  if (!agg.state.started || agg.state.ended || agg.app.cancelled) return null;
  for (const seat of statusOf(agg).toMove) {
    const kind = agg.app.bots[seat];
    if (kind !== undefined) return { seat, move: seatBotMove(agg, seat, kind), by: botMark(kind) };
    if (agg.app.settings.autoAdvance) {
      const legal = agg.table.legalMoves(agg.state, seat);
      if (legal.length === 1) return { seat, move: legal[0], by: AUTO_MARK };
    }
  }
  return null;
}

/**
 * Whether the server has a move to make right after this commit. Cheap (no bot is asked), so a
 * commit of a game without bots or autoAdvance costs nothing more: no read, no queued work.
 */
export function serverMoveDue(agg: Aggregate): boolean {
  if (!agg.state.started || agg.state.ended || agg.app.cancelled) return false;
  return agg.app.settings.autoAdvance || statusOf(agg).toMove.some((seat) => agg.app.bots[seat] !== undefined);
}

export class BotRunner {
  private readonly queue: KeyedQueue;

  constructor(
    private readonly service: ParlorService,
    log: { error(details: object, message: string): void } = { error: (d, m) => console.error(m, d) },
  ) {
    this.queue = new KeyedQueue(log);
  }

  /** Plays the server's next move of the game, if any (its commit brings the one after). */
  async advance(gameId: string): Promise<void> {
    const agg = await this.service.load(gameId);
    const next = serverMove(agg);
    if (!next) return;
    try {
      await this.service.execute(gameId, (now) => ({ ...moveDecision(now, next.seat, next.move), by: next.by }), { expectedVersion: agg.version });
    } catch (e) {
      if (!(e instanceof AppError && e.code === 'VERSION_CONFLICT')) throw e; // someone moved first: their commit looks again
    }
  }

  /**
   * After a commit: runs `advance` after the game's earlier work, if the server has a move due (a
   * later commit that brings one schedules itself). Resolves when that move is made (or failed, logged).
   */
  schedule(committed: Aggregate): Promise<void> {
    if (!serverMoveDue(committed)) return Promise.resolve();
    const gameId = committed.id;
    return this.queue.push(gameId, () => this.advance(gameId), (e) => [{ err: e, gameId }, 'server move failed']);
  }

  get busy(): boolean {
    return this.queue.busy;
  }

  /** Resolves once no server move is pending (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }
}
