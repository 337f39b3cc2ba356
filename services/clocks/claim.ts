/**
 * Claim or wait (`onTimeout: ASK`, as Board Game Arena lets opponents decide). When a seat runs
 * out of time the game waits: `TimedOut` and `TimeoutClaimOpened` are committed, no clock runs for
 * the seat, and each other seat not played by a server bot may answer once for all:
 * - BOT: the game's timeoutBot plays the seat to the end (the result counts it as forfeited);
 * - END: the game ends where it stands (the table's `stop`: the game's public totals, the seat
 *   placed last, `result.claimed`);
 * - WAIT: the seat keeps its turn with a fresh period (a move's time, or the whole bank).
 * The timed-out seat moving first closes the question (`TimeoutClaimClosed`). All of it is app
 * events in the game's stream: the engine only ever sees a `stop` command.
 */
import { applyCommit, statusOf, type Aggregate } from '../app/aggregate.js';
import { seatsOf, type TimedOut, type TimeoutClaimChoice, type TimeoutClaimClosed, type TimeoutClaimed, type TimeoutClaimOpened } from '../app/app-events.js';
import { AppError } from '../app/errors.js';
import type { Credential, Decision, ParlorService } from '../app/service.js';
import type { Seat, TableCommand } from '../engine/core/index.js';
import { timeoutBotOf } from '../bots/spec.js';
import { initialBudget, remainingAfterMove } from './time-control.js';

/** The seats that may answer a claim on `seat`: every other seat the server's bots do not play. */
export function answerersOf(agg: Aggregate, seat: Seat): Seat[] {
  return Array.from({ length: agg.state.seats }, (_, s) => s).filter((s) => s !== seat && agg.app.bots[s] === undefined);
}

/**
 * The commit of a timeout under ASK: the question opens. Null when it cannot (another seat's
 * question is open, or nobody could answer): the caller then lets the timeoutBot move, as BOT does.
 */
export function openClaimDecision(agg: Aggregate, seat: Seat, deadline: string, now: number): Decision | null {
  if (agg.app.timeoutClaim || answerersOf(agg, seat).length === 0) return null;
  const timedOut: TimedOut = { type: 'TimedOut', seat, deadline, action: 'ASK' };
  const opened: TimeoutClaimOpened = { type: 'TimeoutClaimOpened', seat, at: new Date(now).toISOString() };
  return { events: [timedOut, opened] };
}

/** The seat a credential answers for: a player holding several seats answers with one that may. */
function claimerOf(service: ParlorService, agg: Aggregate, credential: Credential, answerers: Seat[]): Seat | null {
  const seat = service.seatOf(agg, credential);
  if (seat === null || typeof credential !== 'object' || !('player' in credential)) return seat;
  return seatsOf(agg.app, credential.player).find((s) => answerers.includes(s)) ?? seat;
}

/** claimTimeout: the caller's answer to the open question. */
export function claimDecision(service: ParlorService, agg: Aggregate, credential: Credential, choice: TimeoutClaimChoice): Decision {
  const claim = agg.app.timeoutClaim;
  const answerers = claim ? answerersOf(agg, claim.seat) : [];
  const by = claimerOf(service, agg, credential, answerers);
  if (by === null) throw new AppError('UNAUTHENTICATED', 'claiming needs a seat token or the player token of a seated player');
  if (statusOf(agg).over) throw new AppError('GAME_OVER', 'the game is over');
  if (!claim) throw new AppError('FORBIDDEN', 'no claim is open: no seat is out of time, it moved, or another player chose already');
  if (by === claim.seat) throw new AppError('FORBIDDEN', 'the seat that ran out of time cannot claim on itself: make your move');
  if (!answerers.includes(by)) throw new AppError('FORBIDDEN', `seat ${by} is played by a bot`);
  const claimed: TimeoutClaimed = { type: 'TimeoutClaimed', seat: claim.seat, choice, by };
  if (choice === 'BOT') return { events: [{ ...claimed, bot: timeoutBotOf(agg.app) }] };
  if (choice === 'WAIT') return { events: [{ ...claimed, remainingMs: initialBudget(agg.app.settings.timeControl!) }] };
  // END: the table stops the game; its GameEnded reveals the seed as any end does.
  const stop: TableCommand = { type: 'stop', last: [claim.seat] };
  const draft = applyCommit(agg, { version: agg.version + 1, events: [claimed] });
  return { events: [claimed, ...draft.table.decide(draft.state, stop)], command: stop };
}

/**
 * The note that closes the question when the timed-out seat itself moved in this commit; its
 * clock runs on from what a move earns (a move's time, or the bank's increment).
 */
export function claimClosedBy(before: Aggregate, after: Aggregate, seat: Seat | undefined): TimeoutClaimClosed | null {
  const claim = after.app.timeoutClaim;
  if (!claim || seat !== claim.seat || before.state === after.state) return null;
  const tc = after.app.settings.timeControl;
  // It had no time left: what it has now is what the move earned.
  return { type: 'TimeoutClaimClosed', seat, remainingMs: tc ? remainingAfterMove(tc, 0) : 0 };
}

/** The open question as clients see it (Game.timeoutClaim). */
export function timeoutClaimView(agg: Aggregate): { seat: Seat; since: string; answerers: Seat[] } | null {
  const claim = agg.app.timeoutClaim;
  if (!claim || statusOf(agg).over) return null;
  return { seat: claim.seat, since: claim.since, answerers: answerersOf(agg, claim.seat) };
}

/** The command: answers the question with one commit (services/api calls it). */
export function claimTimeout(service: ParlorService, gameId: string, credential: Credential, choice: TimeoutClaimChoice): Promise<Aggregate> {
  return service.execute(gameId, (agg) => claimDecision(service, agg, credential, choice));
}
