/** What the GraphQL and REST doors of tournaments share: reading CreateTournamentInput. */
import { AppError } from '../app/errors.js';
import { timeControlOf, type TimeControlInput } from '../clocks/time-control.js';
import type { Format } from '../tournaments/events.js';
import type { CreateTournamentFields } from '../tournaments/service.js';
import type { PlayApi } from '../play-by-turn.js';

export interface TournamentInputFields {
  game: string;
  seats: number;
  rounds: number;
  format?: Format | null;
  duplicate?: boolean | null;
  timeControl?: TimeControlInput | null;
  options?: unknown;
  bots?: string[] | null;
}

export function tournamentInput(input: TournamentInputFields): CreateTournamentFields {
  const format = input.format ?? 'SWISS';
  if (format !== 'SWISS' && format !== 'ROUND_ROBIN') throw new AppError('BAD_INPUT', 'format is SWISS or ROUND_ROBIN');
  return {
    game: input.game,
    seats: input.seats,
    rounds: input.rounds,
    format,
    duplicate: input.duplicate ?? true,
    ...(input.timeControl && { timeControl: timeControlOf(input.timeControl) }),
    options: input.options ?? {},
    bots: input.bots ?? [],
  };
}

/** joinTournament: the calling player enters under its registered name. */
export async function joinTournament(play: PlayApi, id: string, player: string) {
  const me = await play.players.registry.get(player);
  return play.tournaments.join(id, player, me?.name ?? player.slice(0, 8));
}
