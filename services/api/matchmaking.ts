/** What the GraphQL and REST doors of matchmaking share: reading their inputs (time controls as ISO 8601). */
import { timeControlOf, type TimeControlInput } from '../clocks/time-control.js';
import type { OpenSeekInput, QuickPlayInput } from '../matchmaking/service.js';

export interface SeekInputFields {
  game: string;
  seats: number;
  options?: unknown;
  timeControl?: TimeControlInput | null;
  rated?: boolean | null;
  ratingRange?: { min?: number | null; max?: number | null } | null;
  minutes?: number | null;
}

export interface QuickPlayFields {
  game: string;
  seats?: number | null;
  timeControl?: TimeControlInput | null;
  rated?: boolean | null;
  bots?: number | null;
}

export function seekInput(i: SeekInputFields): OpenSeekInput {
  const r = i.ratingRange;
  return {
    game: i.game,
    seats: i.seats,
    options: i.options ?? {},
    ...(i.timeControl && { timeControl: timeControlOf(i.timeControl) }),
    rated: i.rated === true,
    ...(r && (r.min != null || r.max != null) && { ratingRange: { ...(r.min != null && { min: r.min }), ...(r.max != null && { max: r.max }) } }),
    ...(i.minutes != null && { minutes: i.minutes }),
  };
}

export function quickPlayInput(i: QuickPlayFields): QuickPlayInput {
  return { game: i.game, ...(i.seats != null && { seats: i.seats }), ...(i.timeControl && { timeControl: timeControlOf(i.timeControl) }), rated: i.rated === true, bots: i.bots ?? 0 };
}

export interface ChallengeBotFields {
  game: string;
  bot: string;
  seats?: number | null;
  options?: unknown;
  timeControl?: TimeControlInput | null;
  rated?: boolean | null;
}

export function challengeBotInput(i: ChallengeBotFields) {
  return { game: i.game, bot: i.bot, ...(i.seats != null && { seats: i.seats }), options: i.options ?? {}, ...(i.timeControl && { timeControl: timeControlOf(i.timeControl) }), rated: i.rated === true };
}
