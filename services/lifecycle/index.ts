/**
 * Leaving and starting over: resign (the seat is handed to a bot and the result says so),
 * cancel (the creator, before the game starts) and rematch (the same players and options,
 * seats rotated, linked from both games). Expiry of unstarted games is a timer (clocks/timer.ts).
 */
import type { Aggregate } from '../app/aggregate.js';
import { statusOf } from '../app/aggregate.js';
import type { GameSettings } from '../app/app-events.js';
import { AppError } from '../app/errors.js';
import type { Credential, ParlorService } from '../app/service.js';
import type { TableEvent } from '../engine/core/index.js';
import { timeoutBotOf } from '../bots/spec.js';

export class Lifecycle {
  constructor(private readonly service: ParlorService) {}

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

  /** The rematch of a finished game (the same one for every caller). */
  async rematch(gameId: string, player: string): Promise<Aggregate> {
    const old = await this.service.load(gameId);
    if (this.service.seatOf(old, { player }) === null) throw new AppError('FORBIDDEN', 'only a player of the game may ask for a rematch');
    if (old.app.rematch) return this.service.load(old.app.rematch);
    if (!statusOf(old).over || old.app.cancelled) throw new AppError('FORBIDDEN', 'a rematch follows a finished game');
    const n = old.state.seats;
    const bots = old.app.settings.bots.map((b) => ({ seat: (b.seat + 1) % n, kind: b.kind }));
    const humans = old.state.players
      .map((p, seat) => ({ seat: (seat + 1) % n, name: p.name, player: old.app.players[seat], bot: old.app.botPlayers?.[seat] }))
      .filter((h) => !bots.some((b) => b.seat === h.seat))
      .sort((a, b) => a.seat - b.seat);
    if (humans.some((h) => h.player === undefined)) throw new AppError('FORBIDDEN', 'a rematch needs every human seat held by a registered player');
    const { expiresAt: _e, rematchOf: _r, ...kept } = old.app.settings;
    const settings: Partial<Omit<GameSettings, 'type'>> = { ...kept, bots, rematchOf: old.id };
    let fresh = await this.service.create({ game: old.state.game, seats: n, options: old.state.options, settings });
    // Humans in seat order: each join takes the next free seat, bots fill theirs in between.
    for (const h of humans) fresh = (await this.service.joinAsPlayer(fresh.id, h.name, h.player!, { bot: h.bot })).agg;
    const linked = await this.service.execute(gameId, (agg) => (agg.app.rematch ? null : { events: [{ type: 'RematchCreated', gameId: fresh.id } as TableEvent] }));
    if (linked.app.rematch === fresh.id) return this.service.load(fresh.id);
    // Another player's rematch won the race: this one is withdrawn.
    await this.service.execute(fresh.id, () => ({ events: [{ type: 'GameCancelled', reason: 'cancelled' } as TableEvent] }));
    return this.service.load(linked.app.rematch!);
  }
}
