/**
 * Vacations: a player has `daysPerYear` days a calendar year (UTC; a vacation counts in the year
 * it starts). `start` stops the player's clocks in every running game with a clock (a
 * `ClockPaused` per seat, in each game's own stream, so the others see it); `end` — asked for,
 * or the player's first move of the vacation, in any game, clocked or not — restarts them (`ClockResumed`) from what was
 * left, so each deadline moves by the time the clock stood still. When the days run out each
 * game resumes by itself (a `resume` timer, clocks/timer.ts). Every started day counts, the
 * first included. The time is the service's `now`.
 */
import { AppError } from '../app/errors.js';
import { seatsOf } from '../app/app-events.js';
import type { Projection } from '../app/projections.js';
import type { ParlorService } from '../app/service.js';
import { pauseDecision, resumeSeats } from '../clocks/pause.js';
import type { Inbox } from '../players/inbox.js';
import type { VacationBook, VacationRecord } from './book.js';

export const DEFAULT_VACATION_DAYS = 14;
export const DAY_MS = 24 * 3600 * 1000;
/** The most games a vacation stops or restarts (a player's inbox read a page at a time). */
export const MAX_VACATION_GAMES = 500;
const PAGE = 50;

export interface VacationStatus {
  vacationDaysLeft: number;
  /** While on vacation: when its days run out (ISO 8601). */
  onVacationUntil: string | null;
}

const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const daysBetween = (from: string, to: number) => Math.max(1, Math.ceil((to - Date.parse(from)) / DAY_MS));

export class Vacations {
  constructor(
    private readonly service: ParlorService,
    private readonly book: VacationBook,
    private readonly inbox: Inbox,
    readonly daysPerYear = DEFAULT_VACATION_DAYS,
  ) {}

  async status(player: string): Promise<VacationStatus> {
    const now = this.service.now();
    const r = settled(await this.book.get(player), now);
    const running = r.since && r.until ? daysBetween(r.since, Math.min(now, Date.parse(r.until))) : 0;
    return { vacationDaysLeft: Math.max(0, this.daysPerYear - r.usedDays - running), onVacationUntil: r.since ? r.until : null };
  }

  /** Starts a vacation (or, already on one, makes sure every game's clock is stopped). */
  async start(player: string): Promise<VacationStatus> {
    const now = this.service.now();
    for (;;) {
      const before = await this.book.get(player);
      const r = settled(before, now);
      if (r.since && r.until) break; // already on vacation: pause any game not paused yet (e.g. a retry)
      const left = this.daysPerYear - r.usedDays;
      if (left <= 0) throw new AppError('FORBIDDEN', `no vacation days left in ${yearOf(now)}`);
      const next = { ...r, since: new Date(now).toISOString(), until: new Date(now + left * DAY_MS).toISOString(), rev: before.rev + 1 };
      if (await this.book.put(player, next)) break;
    }
    const { until } = await this.book.get(player);
    await this.eachGame(player, (gameId) => this.service.execute(gameId, (agg) => pauseDecision(agg, seatsOf(agg.app, player), now, until!)));
    return this.status(player);
  }

  /** Ends the vacation under way, if any, counting each day it started; every clock runs again. */
  async end(player: string): Promise<VacationStatus> {
    const now = this.service.now();
    for (;;) {
      const before = await this.book.get(player);
      const r = settled(before, now);
      if (!r.since) break;
      const next = { ...r, usedDays: r.usedDays + daysBetween(r.since, now), since: null, until: null, rev: before.rev + 1 };
      if (await this.book.put(player, next)) break;
    }
    await this.eachGame(player, (gameId) => this.service.execute(gameId, (agg) => resumeSeats(agg, seatsOf(agg.app, player))));
    return this.status(player);
  }

  /**
   * A commit where a player on vacation moved, in any game, ends the vacation (in every game). A
   * paused clock in the game tells at once; a game without a clock (or one begun during the
   * vacation) has none, so the player's record is read.
   */
  endsOnMove(): Projection {
    return {
      name: 'vacation-ends-on-move',
      apply: async (agg, commit) => {
        if (commit.seat === undefined || commit.by !== undefined || (commit.command as { type?: string } | undefined)?.type !== 'move') return;
        const player = agg.app.players[commit.seat];
        if (player === undefined) return;
        if (agg.app.clocks[commit.seat]?.pausedUntil || (await this.onVacation(player))) await this.end(player);
      },
    };
  }

  private async onVacation(player: string): Promise<boolean> {
    const r = settled(await this.book.get(player), this.service.now());
    return r.since !== null && r.until !== null;
  }

  /** Runs `work` for each running game of the player, at most MAX_VACATION_GAMES. */
  private async eachGame(player: string, work: (gameId: string) => Promise<unknown>): Promise<void> {
    let after: string | undefined;
    for (let seen = 0; seen < MAX_VACATION_GAMES; seen += PAGE) {
      const page = await this.inbox.page(player, { first: PAGE, after });
      for (const { node } of page.edges) if (!node.over) await work(node.gameId);
      if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
      after = page.pageInfo.endCursor;
    }
  }
}

/** The record as of `now`: a new year starts from zero; a vacation whose days ran out is counted and closed. */
function settled(r: VacationRecord, now: number): VacationRecord {
  let out = r;
  if (out.since && out.until && Date.parse(out.until) <= now) out = { ...out, usedDays: out.usedDays + daysBetween(out.since, Date.parse(out.until)), since: null, until: null };
  if (!out.since && out.year !== yearOf(now)) out = { ...out, year: yearOf(now), usedDays: 0 };
  return out;
}
