/**
 * Leaving and starting over: resign (the seat is handed to a bot and the result says so),
 * cancel (the creator, before the game starts) and rematch offers (rematch-offer.ts: the same
 * players and options, seats rotated, created when all accepted, linked from both games). Expiry of unstarted games is a timer (clocks/timer.ts).
 */
import type { Aggregate } from '../app/aggregate.js';
import { statusOf } from '../app/aggregate.js';
import type { GameSettings } from '../app/app-events.js';
import { AppError } from '../app/errors.js';
import type { Credential, ParlorService } from '../app/service.js';
import { sourceMarks, type SeatSource } from '../app/seat-marks.js';
import type { TableEvent } from '../engine/core/index.js';
import { timeoutBotOf } from '../bots/spec.js';
import { allAccepted, answerDecision, DEFAULT_REMATCH_OFFER_MS, formerHumans, offerDecision, rematchMarkKey } from './rematch-offer.js';

export interface LifecycleOptions {
  /** How long a rematch offer waits for answers, in ms (default DEFAULT_REMATCH_OFFER_MS). */
  rematchOfferMs?: number;
}

export class Lifecycle {
  private readonly rematchOfferMs: number;

  constructor(
    private readonly service: ParlorService,
    options: LifecycleOptions = {},
  ) {
    this.rematchOfferMs = options.rematchOfferMs ?? DEFAULT_REMATCH_OFFER_MS;
  }

  async resign(gameId: string, credential: Credential): Promise<Aggregate> {
    return this.service.execute(gameId, (agg) => {
      const seat = this.service.seatOf(agg, credential);
      if (seat === null) throw new AppError('UNAUTHENTICATED', 'resigning needs the seat token or its player token');
      if (!agg.state.started) throw new AppError('FORBIDDEN', 'the game has not started: its creator may cancel it');
      if (statusOf(agg).over) throw new AppError('GAME_OVER', 'the game is over');
      if (agg.app.bots[seat] !== undefined) throw new AppError('FORBIDDEN', `seat ${seat} is already played by a bot`);
      return { events: [{ type: 'SeatResigned', seat, bot: timeoutBotOf(agg.app) } as TableEvent], seat };
    });
  }

  async cancel(gameId: string, player: string): Promise<Aggregate> {
    return this.service.execute(gameId, (agg) => {
      if (agg.app.settings.creator !== player) throw new AppError('FORBIDDEN', 'only the player who created the game may cancel it');
      if (agg.app.cancelled) return null;
      if (agg.state.started) throw new AppError('FORBIDDEN', 'the game has started: resign instead');
      return { events: [{ type: 'GameCancelled', reason: 'cancelled' } as TableEvent] };
    });
  }

  /** offerRematch: offers a rematch of a finished game to its former players (see rematch-offer.ts); answers with the finished game. */
  async offerRematch(gameId: string, player: string, from?: SeatSource): Promise<Aggregate> {
    const marks = await sourceMarks(this.service.storedHash, rematchMarkKey(gameId), from);
    const agg = await this.service.execute(gameId, (agg) => offerDecision(agg, player, this.service.now(), this.rematchOfferMs, marks));
    return this.createWhenAllAccepted(agg);
  }

  /** answerRematch: accepts or declines the pending offer; the last acceptance creates and starts the rematch. */
  async answerRematch(gameId: string, player: string, accept: boolean, from?: SeatSource): Promise<Aggregate> {
    const marks = accept ? await sourceMarks(this.service.storedHash, rematchMarkKey(gameId), from) : undefined;
    const agg = await this.service.execute(gameId, (agg) => answerDecision(agg, player, accept, marks));
    return this.createWhenAllAccepted(agg);
  }

  /**
   * Creates the rematch once every former human player accepted (the same one for every caller).
   * Run after every offer and answer, so a creation interrupted by a crash is made by the next call.
   */
  private async createWhenAllAccepted(old: Aggregate): Promise<Aggregate> {
    if (!allAccepted(old.app)) return old;
    const n = old.state.seats;
    const bots = old.app.settings.bots.map((b) => ({ seat: (b.seat + 1) % n, kind: b.kind }));
    const humans = formerHumans(old).sort((a, b) => a.next - b.next);
    // The old game's given seats stay with it: their marks are its own, and the humans join rotated below.
    const { expiresAt: _e, rematchOf: _r, seated: _s, ...kept } = old.app.settings;
    const settings: Partial<Omit<GameSettings, 'type'>> = { ...kept, bots, rematchOf: old.id };
    let fresh = await this.service.create({ game: old.state.game, seats: n, options: old.state.options, settings });
    // Humans in seat order: each join takes the next free seat, bots fill theirs in between.
    // Each seat carries the marks of the player's own offer or acceptance (a rated game's), keyed again by the new game.
    const marks = old.app.rematchOffer?.marks ?? {};
    for (const h of humans) fresh = (await this.service.joinAsPlayer(fresh.id, h.name, h.player!, { bot: h.bot, ...(marks[h.player!] && { from: marks[h.player!] }) })).agg;
    const linked = await this.service.execute(old.id, (agg) => (agg.app.rematch ? null : { events: [{ type: 'RematchCreated', gameId: fresh.id } as TableEvent] }));
    // Another caller's creation won the race: this one is withdrawn.
    if (linked.app.rematch !== fresh.id) await this.service.execute(fresh.id, () => ({ events: [{ type: 'GameCancelled', reason: 'cancelled' } as TableEvent] }));
    return linked;
  }
}
