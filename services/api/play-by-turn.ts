/**
 * What the GraphQL and REST doors of play-by-turn share: reading CreateGameInput's
 * play-by-turn fields, joining as a player or anonymously, and the shapes clients see.
 */
import { joinSource } from './tournaments.js';
import { clientNetwork } from '../app/seat-marks.js';
import type { Aggregate } from '../app/aggregate.js';
import { takeBackOn, type GameSettings, type TimeoutAction } from '../app/app-events.js';
import { AppError } from '../app/errors.js';
import type { CreateInput, Credential, JoinOptions, ParlorService } from '../app/service.js';
import type { Seat } from '../engine/core/index.js';
import { durationMs, timeControlOf, type TimeControlInput } from '../clocks/time-control.js';
import { clocksOf } from '../clocks/annotator.js';
import { rematchOfferView } from '../lifecycle/rematch-offer.js';
import { timeoutClaimView } from '../clocks/claim.js';
import { canonicalSpec, DEFAULT_TIMEOUT_BOT, timeoutBotOf } from '../bots/spec.js';

/** How long a play-by-turn game may wait for players unless its creator says otherwise. */
export const DEFAULT_EXPIRY = 'P7D';
const MAX_BOTS = 16;

export interface CreateGameFields {
  game: string;
  seats: number;
  options?: unknown;
  seed?: string | null;
  timeControl?: TimeControlInput | null;
  onTimeout?: TimeoutAction | null;
  /** `level` absent: the kind's default level. */
  bots?: { seat: number; kind: string; level?: number | null }[] | null;
  /** A bot spec ("search:1"): plays for a seat that times out, resigns or forfeits. */
  timeoutBot?: string | null;
  autoAdvance?: boolean | null;
  multiSeat?: boolean | null;
  expiresIn?: string | null;
  /** Spectators may read the game's messages. */
  spectatorChat?: boolean | null;
  /** The result changes the players' ratings (services/ratings). */
  rated?: boolean | null;
  /** Seats are taken with a player token only. */
  requireRegistered?: boolean | null;
  /** A seat may take its last move back (default: on, off for rated games; refused with rated). */
  takeBack?: boolean | null;
}

/** The service's CreateInput: play-by-turn settings only when asked for (or the creator is a player). */
export function createInput(input: CreateGameFields, credential: Credential, now: number): CreateInput {
  const base: CreateInput = { game: input.game, seats: input.seats, options: input.options ?? {}, seed: input.seed ?? undefined };
  const creator = credential && typeof credential === 'object' && 'player' in credential ? credential.player : undefined;
  const asked = [input.timeControl, input.onTimeout, input.bots, input.timeoutBot, input.autoAdvance, input.multiSeat, input.expiresIn, input.spectatorChat, input.rated, input.requireRegistered, input.takeBack].some((v) => v != null);
  if (!asked && creator === undefined) return base;
  if ((input.bots?.length ?? 0) > MAX_BOTS) throw new AppError('BAD_INPUT', `at most ${MAX_BOTS} bots`);
  const timeControl = input.timeControl ? timeControlOf(input.timeControl) : undefined;
  // Stored as canonical specs ("search:2"), so the game records exactly which bot plays.
  const bots = (input.bots ?? []).map((b) => ({ seat: b.seat, kind: canonicalSpec(b.kind, b.level) }));
  const settings: Partial<Omit<GameSettings, 'type'>> = {
    creator,
    timeControl,
    onTimeout: input.onTimeout ?? 'BOT',
    bots,
    timeoutBot: canonicalSpec(input.timeoutBot ?? DEFAULT_TIMEOUT_BOT),
    autoAdvance: input.autoAdvance ?? (timeControl !== undefined || bots.length > 0),
    multiSeat: input.multiSeat ?? false,
    expiresAt: new Date(now + durationMs(input.expiresIn ?? DEFAULT_EXPIRY, 'expiresIn')).toISOString(),
    ...(input.spectatorChat && { spectatorChat: true }),
    ...(input.rated && { rated: true as const }),
    ...(input.requireRegistered && { requireRegistered: true as const }),
    ...(input.takeBack != null && { takeBack: input.takeBack }),
  };
  return { ...base, settings };
}

/**
 * joinGame: a player's seat is bound to the player (idempotent) and its token is the player token.
 * The seat counts against the player's cap on seats in open games, an anonymous one against its client's (`client`: its address).
 */
export async function joinAs(
  service: ParlorService,
  gameId: string,
  name: string,
  credential: Credential,
  bearer: string | undefined,
  options: Omit<JoinOptions, 'holder' | 'bot'> & { client?: string; device?: unknown } = {},
): Promise<{ agg: Aggregate; seat: Seat; token: string }> {
  if (credential && typeof credential === 'object') {
    if ('refused' in credential) throw new AppError('UNAUTHENTICATED', credential.refused);
    // Where the join came from: a rated game keeps keyed marks of it (linked seats: app/seat-marks.ts).
    // The device is the page's (one per browser, whichever account is signed in there), as for seeks, quick play and
    // tournaments; the token's own device differs for every account, so it alone never links two of them.
    const from = options.client !== undefined ? joinSource(options.client, options.device, credential) : undefined;
    const { agg, seat } = await service.joinAsPlayer(gameId, name, credential.player, { entropy: options.entropy, bot: credential.bot, holder: `player:${credential.player}`, ...(from && { from }) });
    return { agg, seat, token: bearer! };
  }
  const { client, device: _device, ...join } = options;
  // An anonymous seat is held by its client's network (an IPv6 client by its /64), as every count per address.
  return service.join(gameId, name, { ...join, ...(client !== undefined && { holder: `client:${clientNetwork(client)}` }) });
}

/** The play-by-turn fields of a game as clients see them. */
export function playByTurnFields(agg: Aggregate) {
  return { clocks: clocksOf(agg), rematch: agg.app.rematch, rematchOf: agg.app.settings.rematchOf ?? null, rematchOffer: rematchOfferView(agg), timeoutBot: timeoutBotOf(agg.app), rated: agg.app.settings.rated === true, timeoutClaim: timeoutClaimView(agg), requireRegistered: agg.app.settings.requireRegistered === true, takeBack: takeBackOn(agg.app.settings) };
}
