/**
 * A rematch is an offer, kept as app events in the finished game's stream: `RematchOffered`
 * (the offerer's acceptance), one `RematchAnswered` per former human player (resigned and
 * forfeited ones too: they may decline), `RematchExpired` when it lapses unanswered. Only when
 * every one of them accepted is the new game created and started (bots re-seated, seats rotated),
 * then linked by `RematchCreated`. Pure decisions here; services/lifecycle/index.ts runs them.
 */
import type { Aggregate } from '../app/aggregate.js';
import { statusOf } from '../app/aggregate.js';
import type { AppState, RematchOffer } from '../app/app-events.js';
import { AppError } from '../app/errors.js';
import type { Decision } from '../app/service.js';
import type { Seat, TableEvent } from '../engine/core/index.js';
import type { SeatMarks } from '../app/seat-marks.js';

/** How long an offer waits for answers unless the server is told otherwise (REMATCH_OFFER_EXPIRES_IN). */
export const DEFAULT_REMATCH_OFFER_MS = 2 * 24 * 3600_000;
/** A game takes at most this many offers (a declined or lapsed one may be made again, not without end). */
export const MAX_REMATCH_OFFERS = 3;

/**
 * The key a rated game's offer and acceptances keep their marks under (where each request came from):
 * the rematch is made by those requests, so its seats carry their marks, keyed again by the new game;
 * the old game's seat marks stay with it (marks of two games cannot be compared).
 */
export const rematchMarkKey = (gameId: string) => `rematch:${gameId}`;
/** The request's marks (made under rematchMarkKey before the decision: lifecycle/index.ts), kept by a rated game only. */
const requestMarks = (agg: Aggregate, marks: SeatMarks | undefined): { marks?: SeatMarks } => (agg.app.settings.rated && marks ? { marks } : {});

/** The offer still waiting for answers, if any. */
export function pendingOffer(app: AppState): RematchOffer | null {
  const offer = app.rematchOffer;
  if (!offer || offer.expired || offer.declined.length > 0 || app.rematch) return null;
  return offer.accepted.length < offer.players.length ? offer : null;
}

/** Whether every former human player accepted and the game is still to be created. */
export const allAccepted = (app: AppState) => !!app.rematchOffer && !app.rematchOffer.expired && app.rematchOffer.declined.length === 0 && app.rematchOffer.accepted.length === app.rematchOffer.players.length && !app.rematch;

/** The former human seats, each with where it sits in the rematch (rotated by one) and its player. */
export function formerHumans(old: Aggregate): { seat: Seat; next: Seat; name: string; player: string | undefined; bot?: true }[] {
  const n = old.state.seats;
  const botSeats = new Set(old.app.settings.bots.map((b) => b.seat));
  return old.state.players
    .map((p, seat) => ({ seat, next: (seat + 1) % n, name: p.name, player: old.app.players[seat], bot: old.app.botPlayers?.[seat] }))
    .filter((h) => !botSeats.has(h.seat));
}

function checkCanOffer(agg: Aggregate, player: string): void {
  if (!Object.values(agg.app.players).includes(player)) throw new AppError('FORBIDDEN', 'only a player of the game may offer a rematch');
  if (!statusOf(agg).over || agg.app.cancelled) throw new AppError('FORBIDDEN', 'a rematch follows a finished game');
  if (formerHumans(agg).some((h) => h.player === undefined)) throw new AppError('FORBIDDEN', 'a rematch needs every human seat held by a registered player');
}

/** offerRematch: a new offer; while one is pending, offering again is accepting it. Null: nothing to write. */
export function offerDecision(agg: Aggregate, player: string, now: number, offerMs: number, marks?: SeatMarks): Decision | null {
  checkCanOffer(agg, player);
  if (agg.app.rematch || allAccepted(agg.app)) return null;
  const pending = pendingOffer(agg.app);
  if (pending) return pending.accepted.includes(player) ? null : answer(player, true, requestMarks(agg, marks));
  if ((agg.app.rematchOffers ?? 0) >= MAX_REMATCH_OFFERS) throw new AppError('FORBIDDEN', `a game takes at most ${MAX_REMATCH_OFFERS} rematch offers`);
  const players = [...new Set(formerHumans(agg).map((h) => h.player!))];
  return { events: [{ type: 'RematchOffered', by: player, players, expiresAt: new Date(now + offerMs).toISOString(), ...requestMarks(agg, marks) } as TableEvent] };
}

/** answerRematch: the player's answer to the pending offer; the same answer again writes nothing. */
export function answerDecision(agg: Aggregate, player: string, accept: boolean, marks?: SeatMarks): Decision | null {
  const offer = agg.app.rematchOffer;
  if (!offer || !offer.players.includes(player)) {
    if (!Object.values(agg.app.players).includes(player)) throw new AppError('FORBIDDEN', 'only a player of the game may answer its rematch offer');
    throw new AppError('FORBIDDEN', 'no rematch is offered');
  }
  const answered = offer.accepted.includes(player) ? true : offer.declined.includes(player) ? false : null;
  if (answered === accept) return null;
  if (answered !== null) throw new AppError('FORBIDDEN', `you already ${answered ? 'accepted' : 'declined'} this rematch`);
  if (!pendingOffer(agg.app)) throw new AppError('FORBIDDEN', offer.expired ? 'the rematch offer has expired' : 'the rematch offer is closed');
  return answer(player, accept, accept ? requestMarks(agg, marks) : {});
}

const answer = (player: string, accept: boolean, marks: { marks?: SeatMarks }): Decision => ({ events: [{ type: 'RematchAnswered', player, accept, ...marks } as TableEvent] });

/** The offer's lapse, when it is due and still pending. */
export function offerExpiryDecision(agg: Aggregate, now: number): Decision | null {
  const pending = pendingOffer(agg.app);
  if (!pending || Date.parse(pending.expiresAt) > now) return null;
  return { events: [{ type: 'RematchExpired' } as TableEvent] };
}

/** The offer as clients see it: seats of this game (a player's every seat), not player ids. */
export function rematchOfferView(agg: Aggregate): { offeredBy: Seat; accepted: Seat[]; declined: Seat[]; expiresAt: string } | null {
  const offer = agg.app.rematchOffer;
  if (!offer) return null;
  const seatsOf = (players: string[]) => formerHumans(agg).filter((h) => players.includes(h.player!)).map((h) => h.seat);
  return { offeredBy: seatsOf([offer.offeredBy])[0]!, accepted: seatsOf(offer.accepted), declined: seatsOf(offer.declined), expiresAt: offer.expiresAt };
}
