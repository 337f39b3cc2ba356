/**
 * takeBack: the seat that just moved undoes its move (engine/core/take-back.ts), while no one
 * else has acted and the move showed no one anything. One commit: `MoveTakenBack` (the service
 * puts back the game's state it kept from before the move: aggregate.ts) and every clock put
 * back as it was before the move (the
 * time since the move counts as the mover's: its deadline is the one it had). Subscribers and
 * webhooks see the new version like any other.
 */
import type { Seat } from '../../engine/core/index.js';
import { TAKE_BACK_TEXT, takeBackRefusal, type TakeBackReason } from '../../engine/core/index.js';
import { seatsOf, takeBackOn, type AppEvent, type MoveTakenBack, type SeatClock, type StreamEvent } from '../app-events.js';
import type { Aggregate } from '../aggregate.js';
import { lastMoveVerdict, statusOf } from '../aggregate.js';
import { AppError } from '../errors.js';
import type { Credential, ServiceCore } from './core.js';
import { execute } from './move.js';

const refuse = (why: TakeBackReason) => new AppError('TAKE_BACK_NOT_ALLOWED', `${why}: ${TAKE_BACK_TEXT[why]}`);

/** The seat a credential takes back for: a player holding several seats acts for the one that made the last move. */
function seatFor(core: ServiceCore, agg: Aggregate, token: Credential): Seat | null {
  const mover = lastMoveVerdict(agg)?.seat;
  if (token && typeof token === 'object' && 'player' in token && mover != null && seatsOf(agg.app, token.player).includes(mover)) return mover;
  return core.seatOf(agg, token);
}

/**
 * Why `seat` may not take its last move back now, or null when it may (`now` absent: the clock
 * is not asked). The client's `canTakeBack` is this being null.
 */
export function takeBackRefusalOf(agg: Aggregate, seat: Seat, now?: number): TakeBackReason | null {
  const over = statusOf(agg).over;
  if (!over && !takeBackOn(agg.app.settings)) return 'OPTION_OFF';
  const why = takeBackRefusal(lastMoveVerdict(agg), seat, over);
  if (why) return why;
  const before = agg.lastMove?.clocks?.[seat];
  if (now !== undefined && before?.deadline && Date.parse(before.deadline) <= now) return 'TIME_RAN_OUT';
  return null;
}

/** Whether the viewer may take its last move back now (a human seat of a started game). */
export const canTakeBack = (agg: Aggregate, viewer: Seat | null): boolean =>
  viewer !== null && agg.state.started && agg.app.bots[viewer] === undefined && takeBackRefusalOf(agg, viewer) === null;

export function takeBack(core: ServiceCore, gameId: string, token: Credential): Promise<Aggregate> {
  return execute(core, gameId, (agg) => {
    const seat = seatFor(core, agg, token);
    if (seat === null) throw new AppError('UNAUTHENTICATED', 'taking a move back needs the seat token or its player token');
    if (!agg.state.started) throw new AppError('FORBIDDEN', 'the game has not started');
    if (agg.app.bots[seat] !== undefined) throw new AppError('FORBIDDEN', `seat ${seat} is played by a bot`);
    const why = takeBackRefusalOf(agg, seat, core.now());
    if (why) throw refuse(why);
    const last = agg.lastMove!;
    const undone: MoveTakenBack = { type: 'MoveTakenBack', seat, version: last.version };
    return { events: [undone, ...restoredClocks(agg, last.clocks ?? {})], seat };
  });
}

/** Clock events that put every seat's clock back as it was before the move (the clock annotator then finds nothing to change). */
function restoredClocks(agg: Aggregate, before: Record<Seat, SeatClock>): StreamEvent[] {
  const events: AppEvent[] = [];
  const seats = new Set([...Object.keys(agg.app.clocks), ...Object.keys(before)].map(Number));
  for (const seat of seats) {
    const was = before[seat];
    const now = agg.app.clocks[seat];
    if (JSON.stringify(was) === JSON.stringify(now) || !was) continue;
    events.push(was.deadline ? { type: 'DeadlineSet', seat, deadline: was.deadline, remainingMs: was.remainingMs } : { type: 'ClockStopped', seat, remainingMs: was.remainingMs });
  }
  return events;
}
