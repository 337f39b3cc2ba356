/**
 * What a rated game contributes to the ratings, read from its own events: who held each seat
 * (a registered player, or a server bot as its kind and level), and each seat's place. Pure,
 * so the projection and a rebuild from the event log derive exactly the same outcome.
 */
import type { Aggregate } from '../app/aggregate.js';
import { statusOf } from '../app/aggregate.js';
import type { Commit } from '../store/port.js';
import { linked } from '../app/seat-marks.js';

/** The ladder id of a server bot: a "player" per kind and level ("bot:search:2"). */
export const botRatingId = (spec: string) => `bot:${spec}`;
export const isBotRatingId = (id: string) => id.startsWith('bot:');

import type { RatedGame, RatedSeat } from '../store/ratings-port.js';

export type { RatedGame, RatedSeat };

/**
 * Places from a result: the winners first, then the others by score (higher or lower is better
 * as the winners show: Silver's lowest total wins), and a seat whose player resigned or forfeited
 * on time last whatever its bot stand-in scored. Competition ranking: ties share a place.
 */
export function ranksOf(scores: readonly number[], winners: readonly number[], leavers: readonly number[]): number[] {
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const seats = scores.map((_, s) => s);
  // The direction is read from the seats that stayed: a leaver's stand-in score says nothing of it.
  const others = seats.filter((s) => !winners.includes(s) && !leavers.includes(s));
  const higherIsBetter = mean(winners.map((s) => scores[s]!)) >= mean(others.map((s) => scores[s]!));
  const key = (s: number): [number, number] => (leavers.includes(s) ? [2, 0] : winners.includes(s) ? [0, 0] : [1, higherIsBetter ? -scores[s]! : scores[s]!]);
  const better = (a: [number, number], b: [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  return seats.map((s) => seats.filter((t) => better(key(t), key(s))).length);
}

/** The rated outcome of the game this commit ended, or null (not rated, not the end, a seat no one can be rated for). */
export function ratedOutcome(agg: Aggregate, commit: Pick<Commit, 'events' | 'at'>): RatedGame | null {
  if (!agg.app.settings.rated || !commit.events.some((e) => (e as { type: string }).type === 'GameEnded')) return null;
  const { result } = statusOf(agg);
  if (!result || result.aborted) return null; // too few moves of its own by some player: unrated (fair.ts)
  const placed = ranksOf(result.scores, result.winners, [...result.resigned, ...result.forfeited]);
  const seated = new Map(agg.app.settings.bots.map((b) => [b.seat, b.kind]));
  const seats: RatedSeat[] = [];
  for (let seat = 0; seat < agg.state.seats; seat++) {
    const player = agg.app.players[seat];
    const bot = seated.get(seat);
    if (player === undefined && bot === undefined) return null; // an anonymous seat: rated games refuse them at the join
    const ratingId = player ?? botRatingId(bot!);
    seats.push({ seat, ratingId, name: player === undefined ? bot! : (agg.state.players[seat]?.name ?? ''), rank: placed[seat]! });
  }
  // Linked seats (one client address or device behind two human seats): recorded, judged in fair.ts.
  const humans = seats.filter((s) => agg.app.players[s.seat] !== undefined).map((s) => agg.app.marks?.[s.seat]);
  const isLinked = agg.app.settings.linkedSeats === 'UNCOUNTED' && linked(humans);
  return { gameId: agg.id, game: agg.state.game, endedAt: commit.at, seats, ...(isLinked && { linked: true as const }) };
}
