/**
 * What a due timer does. A `timeout` timer carries the version it was set at: it commits
 * `TimedOut` and the seat's bot move (or, with FORFEIT, hands the seat to a bot for good)
 * only if the game is still at that version, so a late or repeated timer changes nothing.
 * A `warning` timer (a quarter of the time left) only notifies, and only while the deadline
 * it was set for still stands. A `rematch` timer lapses a rematch offer still unanswered.
 */
import { applyCommit, type Aggregate } from '../app/aggregate.js';
import type { TimedOut } from '../app/app-events.js';
import { AppError } from '../app/errors.js';
import { moveDecision, type Decision, type ParlorService } from '../app/service.js';
import type { TableEvent } from '../engine/core/index.js';
import { sightOf } from '../app/bot-sight.js';
import { seatBotMove } from '../bots/runner.js';
import type { Sight } from '../bots/pool.js';
import { botMark, timeoutBotOf } from '../bots/spec.js';
import { offerExpiryDecision, pendingOffer } from '../lifecycle/rematch-offer.js';
import { resumeDecision } from './pause.js';
import { openClaimDecision } from './claim.js';

export interface Timer {
  kind: 'timeout' | 'warning' | 'expire' | 'rematch' | 'resume';
  gameId: string;
  seat: number;
  /** The game's version when the timer was set. */
  version: number;
  /** ISO time of the deadline it belongs to (for `expire`: the game's expiry, `rematch`: the rematch offer's; seat -1). */
  deadline: string;
  /** Epoch ms the timer is due. */
  at: number;
}

/**
 * The timers a game needs now: one timeout per running clock, a warning while more than a
 * quarter is left, the expiry of a game still waiting for players, the lapse of a pending rematch offer.
 */
export function timersOf(agg: Aggregate): Timer[] {
  const { expiresAt } = agg.app.settings;
  if (!agg.state.started) {
    return expiresAt && !agg.app.cancelled ? [{ kind: 'expire', gameId: agg.id, seat: -1, version: agg.version, deadline: expiresAt, at: Date.parse(expiresAt) }] : [];
  }
  const offer = pendingOffer(agg.app);
  const lapse: Timer[] = offer ? [{ kind: 'rematch', gameId: agg.id, seat: -1, version: agg.version, deadline: offer.expiresAt, at: Date.parse(offer.expiresAt) }] : [];
  return [...lapse, ...clockTimers(agg)];
}

function clockTimers(agg: Aggregate): Timer[] {
  return Object.entries(agg.app.clocks).flatMap(([key, clock]) => {
    const seat = Number(key);
    // A paused clock resumes by itself when the player's vacation days run out (services/vacation).
    if (clock.pausedUntil) return agg.state.ended ? [] : [{ kind: 'resume', gameId: agg.id, seat, version: agg.version, deadline: clock.pausedUntil, at: Date.parse(clock.pausedUntil) } satisfies Timer];
    if (!clock.deadline) return [];
    const due = Date.parse(clock.deadline);
    const base = { gameId: agg.id, seat, version: agg.version, deadline: clock.deadline };
    const timeout: Timer = { ...base, kind: 'timeout', at: due };
    return clock.remainingMs > 0 ? [{ ...base, kind: 'warning', at: due - clock.remainingMs / 4 } satisfies Timer, timeout] : [timeout];
  });
}

/** What a due timeout does: ask the others (a decision), or have a bot play for the seat (from `draft`, the game with TimedOut applied). */
type TimeoutOutcome = { asked: Decision } | { timedOut: TimedOut; draft: Aggregate; bot: string };

function timeoutOutcome(agg: Aggregate, seat: number, now: number): TimeoutOutcome | null {
  const deadline = agg.app.clocks[seat]?.deadline;
  if (!deadline || Date.parse(deadline) > now || agg.state.ended) return null;
  // ASK: the game waits for the other players' claim, unless another question is open or nobody could answer.
  const asked = agg.app.settings.onTimeout === 'ASK' ? openClaimDecision(agg, seat, deadline, now) : null;
  if (asked) return { asked };
  // The seat's own bot if it has one, else the game's timeoutBot, plays for the seat that ran out.
  const bot = agg.app.bots[seat] ?? timeoutBotOf(agg.app);
  const timedOut: TimedOut = { type: 'TimedOut', seat, deadline, action: agg.app.settings.onTimeout === 'FORFEIT' ? 'FORFEIT' : 'BOT', bot };
  return { timedOut, draft: applyCommit(agg, { version: agg.version + 1, events: [timedOut as TableEvent] }), bot };
}

/**
 * The commit a due timeout makes, or null when there is nothing to time out. `move`: the bot's
 * move, decided beforehand off this thread (fireTimer with `decide`); without it the bot decides here.
 */
export function timeoutDecision(agg: Aggregate, seat: number, now: number, move?: unknown): Decision | null {
  const outcome = timeoutOutcome(agg, seat, now);
  if (!outcome) return null;
  if ('asked' in outcome) return outcome.asked;
  const { timedOut, draft, bot } = outcome;
  return { ...moveDecision(draft, seat, move ?? seatBotMove(draft, seat, bot), [timedOut as TableEvent]), by: botMark(bot) };
}

/** Cancels a game that is still waiting for players when its expiry is due. */
export function expiryDecision(agg: Aggregate, now: number): Decision | null {
  const { expiresAt } = agg.app.settings;
  if (agg.state.started || agg.app.cancelled || !expiresAt || Date.parse(expiresAt) > now) return null;
  return { events: [{ type: 'GameCancelled', reason: 'expired' } as TableEvent] };
}

export interface TimerHandlers {
  /** A deadline warning to pass on (notifications). */
  warn?(agg: Aggregate, timer: Timer): Promise<void>;
  /** Where a timed-out seat's bot decides (npm start: the bots' worker pool, off the thread that answers requests). */
  decide?(sight: Sight, kind: string): Promise<unknown>;
}

/** Fires one timer; true when it changed the game. */
export async function fireTimer(service: ParlorService, timer: Timer, handlers: TimerHandlers = {}): Promise<boolean> {
  if (timer.kind === 'warning') {
    const agg = await service.load(timer.gameId);
    // Only while its deadline is current and still ahead: a warning recovered late (after a restart) for a deadline already past says nothing.
    if (agg.app.clocks[timer.seat]?.deadline === timer.deadline && Date.parse(timer.deadline) > service.now()) await handlers.warn?.(agg, timer);
    return false;
  }
  if (timer.kind === 'resume') {
    const before = await service.load(timer.gameId);
    return (await service.execute(timer.gameId, (agg) => resumeDecision(agg, timer.seat, service.now()))).version !== before.version;
  }
  if (timer.kind === 'expire' || timer.kind === 'rematch') {
    const decide = timer.kind === 'expire' ? expiryDecision : offerExpiryDecision;
    const before = await service.load(timer.gameId);
    return (await service.execute(timer.gameId, (agg) => decide(agg, service.now()))).version !== before.version;
  }
  try {
    const before = await service.load(timer.gameId);
    // A search bot can think for a tenth of a second: it decides in the pool first, from the seat's
    // sight at this version (the same move it would make here: bots are deterministic given the game).
    const outcome = handlers.decide && before.version === timer.version ? timeoutOutcome(before, timer.seat, service.now()) : null;
    // A pool that refuses (stopping, or too many waiting) leaves the decision to this thread: the timeout still happens.
    const move = outcome && 'draft' in outcome ? await handlers.decide!(sightOf(outcome.draft, timer.seat), outcome.bot).catch(() => undefined) : undefined;
    const after = await service.execute(timer.gameId, (agg) => timeoutDecision(agg, timer.seat, service.now(), agg.version === before.version ? move : undefined), { expectedVersion: timer.version });
    return after.version !== before.version;
  } catch (e) {
    if (e instanceof AppError && e.code === 'VERSION_CONFLICT') return false; // the game moved on: a late timer changes nothing
    throw e;
  }
}
